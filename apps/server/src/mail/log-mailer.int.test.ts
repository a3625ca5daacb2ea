import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

it('without SMTP_URL every mail goes to the log with its link', async () => {
  const response = await t.api('/api/invitations/', {
    method: 'POST',
    body: { email: 'logged@example.com' },
  });
  expect(response.status).toBe(202);
  const entry = t.logs.find(
    (line) => (line.mail as { to?: string } | undefined)?.to === 'logged@example.com',
  );
  expect(entry).toBeDefined();
  expect(String(entry!.msg)).toMatch(
    /http:\/\/printdeck\.test\/registration\/confirm\?activate=[\w-]+\.[\w-]+/,
  );
});
