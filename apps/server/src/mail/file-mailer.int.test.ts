import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

it('without SMTP_URL every mail is an .eml file under DATA_DIR/mail/, and the log says only where', async () => {
  const response = await t.api('/api/invitations/', {
    method: 'POST',
    body: { email: 'written@example.com' },
  });
  expect(response.status).toBe(202);
  const directory = path.join(t.config.dataDir, 'mail');
  const files = readdirSync(directory).filter((name) => name.endsWith('.eml'));
  expect(files).toHaveLength(1);
  const file = path.join(directory, files[0]!);
  expect(statSync(file).mode & 0o077).toBe(0);
  const mail = await simpleParser(readFileSync(file));
  expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('written@example.com');
  expect(mail.subject).toBe('Finish your Printdeck registration');
  const link = /http:\/\/printdeck\.test\/registration\/confirm\?activate=([\w-]+\.[\w-]+)/.exec(
    mail.text ?? '',
  );
  expect(link).not.toBeNull();

  const written = t.logs.filter((line) => String(line.msg).startsWith('mail written to'));
  expect(written.map((line) => line.msg)).toEqual([`mail written to ${file}`]);
  const everything = JSON.stringify(t.logs);
  expect(everything).not.toContain(link![1]!.split('.')[1]);
  expect(everything).not.toContain('activate=');
});
