import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from '../../cli/run-cli.js';
import { connectFakeAgent, eventually, readyState } from '../../../test-support/fake-agent.js';
import { startFakeTelegram, type FakeTelegram } from '../../../test-support/fake-telegram.js';
import { createTestStorage, type TestStorage } from '../../../test-support/test-database.js';
import type { TestServer } from '../../../test-support/test-server.js';
import { buildTextGcode, uploadFile } from '../../../test-support/files.js';
import { signLoginData } from '../telegram/telegram-login.js';
import { findFreePort } from '../../../test-support/free-port.js';

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../main.ts');
const TOKEN = '777003:restart-test-token-secret';
let storage: TestStorage;
let bot: FakeTelegram;
let env: NodeJS.ProcessEnv;
let base: string;
let child: ChildProcess | null = null;

/** The real server process, as `npm start` runs it. */
async function startProcess(): Promise<ChildProcess> {
  const started = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  started.stdout!.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
  started.stderr!.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
  await eventually(async () => {
    if (started.exitCode !== null) throw new Error(`server exited:\n${lines.join('')}`);
    expect(lines.join('')).toContain('Printdeck is running');
    // tsx compiles the whole server at each start: on a loaded 2-core machine that passed 30 s
  }, 60_000);
  return started;
}

async function api(
  pathname: string,
  init: { method?: string; token?: string; body?: unknown } = {},
) {
  const response = await fetch(`${base}${pathname}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

beforeAll(async () => {
  storage = await createTestStorage();
  bot = await startFakeTelegram(TOKEN);
  const databaseUrl = storage.pgSchema
    ? `${storage.databaseUrl}?options=-c%20search_path%3D${storage.pgSchema}`
    : '';
  const port = await findFreePort();
  base = `http://127.0.0.1:${port}`;
  env = {
    ...process.env,
    DATA_DIR: storage.dataDir,
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    LOG_LEVEL: 'info',
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_BOT_NAME: 'PrintdeckTestBot',
    TELEGRAM_API_URL: bot.url,
  };
  const quiet = { out: () => undefined, err: () => undefined };
  const create = [
    'user',
    'create',
    '--email',
    'farm@example.com',
    '--password',
    'a long passphrase',
  ];
  expect(await runCli(create, env, quiet)).toBe(0);
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await bot.close();
  await storage.cleanup();
});

it('a server killed with messages pending delivers each exactly once after restart', async () => {
  child = await startProcess();
  const access = (
    await api('/api/tokens/', {
      method: 'POST',
      body: { username: 'farm@example.com', password: 'a long passphrase' },
    })
  ).body.access as string;
  const workspaceId = (
    await api('/api/users/me/groups/', { method: 'POST', token: access, body: { name: 'Farm' } })
  ).body.id as number;
  const login = { id: 8001, first_name: 'F', auth_date: Math.floor(Date.now() / 1000) };
  expect(
    (
      await api('/api/telegram/register/', {
        method: 'POST',
        token: access,
        body: { telegram_data: { ...login, hash: signLoginData(login, TOKEN) } },
      })
    ).status,
  ).toBe(200);
  const settings = (
    await api(`/api/notifications/settings/?group_id=${workspaceId}`, { token: access })
  ).body;
  await api(`/api/notifications/settings/${settings.id}/`, {
    method: 'PATCH',
    token: access,
    body: { telegram: { enabled: true } },
  });
  const fileId = (
    await uploadFile({ baseUrl: base } as TestServer, access, workspaceId, {
      bytes: buildTextGcode(),
      filename: 'part.gcode',
    })
  ).body.id;
  const key = (await api('/api/device_keys/', { method: 'POST', token: access })).body.token;
  const printerId = (
    await api('/api/printers/', {
      method: 'POST',
      token: access,
      body: { group: workspaceId, name: 'Farm 1', token: key },
    })
  ).body.id;
  const agent = await connectFakeAgent(base, key);
  await agent.hello();
  agent.send({ type: 'state', kind: 'snapshot', state: readyState() });
  agent.answer((request) =>
    request.command.name === 'print_file' ? { ok: true, result: { started: true } } : undefined,
  );

  // Telegram is down: each print's message waits in the outbox.
  bot.setDown(true);
  const downSince = Date.now();
  const jobs: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const started = await eventually(async () => {
      const response = await api(`/api/printers/${printerId}/files/`, {
        method: 'POST',
        token: access,
        body: { file_id: fileId, print: true, make_video: false },
      });
      expect(response.status).toBe(201);
      return response;
    });
    jobs.push(started.body.printjob_id);
    agent.send({ type: 'event', name: 'job_finished', job_id: started.body.printjob_id, data: {} });
  }
  await eventually(() => {
    expect(bot.calls.filter((c) => c.status === 502).length).toBeGreaterThanOrEqual(3);
    return Promise.resolve();
  }, 15_000);
  // Let the worker write down the failed attempt; the next one is seconds away.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(bot.sent).toEqual([]);

  child.kill('SIGKILL');
  await new Promise((resolve) => child!.once('exit', resolve));
  // A message that failed n times waits 5 s × 2^(n−1) for its next try, no more than the time
  // since Telegram went down plus 5 s; on a slow machine more tries fail before the kill.
  const longestBackoffMs = Date.now() - downSince + 5_000;
  agent.close();
  bot.setDown(false);
  child = await startProcess();

  await eventually(() => {
    expect(bot.sent).toHaveLength(3);
    return Promise.resolve();
  }, 30_000 + longestBackoffMs);
  // A while later, still exactly one message per print.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  expect(bot.sent).toHaveLength(3);
  expect(bot.sent.every((m) => m.chat_id === '8001')).toBe(true);
  expect(bot.sent.map((m) => m.text).every((text) => text.includes('Print finished'))).toBe(true);
  expect(jobs).toHaveLength(3);
}, 300_000);
