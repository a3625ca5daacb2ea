/**
 * Notification delivery figures (issue 13): print-done events in many workspaces, delivered
 * through the outbox to a local fake of the Telegram Bot API.
 * `npm run bench:notifications -- [--events 1000] [--workspaces 50] [--members 20]
 * [--linked 2] [--idle 30]` prints the time until every message reached the fake and how close
 * that is to Telegram's 30 messages a second, duplicates, lost messages, the per-chat spacing,
 * and seconds from a print's end to its message when idle (p50/p99).
 *
 * The server runs in this process (its worker, its database), with the fake beside it; the
 * workspaces, members and jobs are written straight into the database so the run measures
 * delivery, not sign-ups.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { startFakeTelegram } from '../apps/server/test-support/fake-telegram.js';
import type { Kysely } from 'kysely';
import { percentile } from './bench-helpers.js';
import { RUNNING_JOB_COLUMNS } from '../apps/server/src/modules/print-jobs/print-jobs.repository.js';
import { deviceKeyRow, workspaceRow } from '../apps/server/test-support/rows.js';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '1000' },
    workspaces: { type: 'string', default: '50' },
    members: { type: 'string', default: '20' },
    linked: { type: 'string', default: '2' },
    idle: { type: 'string', default: '30' },
  },
});
const EVENTS = Number(values.events);
const WORKSPACES = Number(values.workspaces);
const MEMBERS = Number(values.members);
const LINKED = Number(values.linked);
const IDLE_EVENTS = Number(values.idle);
const TOKEN = '900001:bench-token';
const DEADLINE_MS = 240_000;

/**
 * The server's test harness, loaded at run time: the server's sources belong to their own
 * TypeScript project, so only what this bench touches is declared here.
 */
const TEST_SERVER_MODULE: string = '../apps/server/test-support/test-server.js';
interface TestServer {
  server: {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the server's own schema types stay in its project
    database: { db: Kysely<any> };
    services: { printJobs: { endJob(id: number, outcome: 'done'): Promise<unknown> } };
  };
  close(): Promise<void>;
}
const { startTestServer } = (await import(/* @vite-ignore */ TEST_SERVER_MODULE)) as {
  startTestServer(options: { env: Record<string, string> }): Promise<TestServer>;
};

async function seed(t: TestServer) {
  const db = t.server.database.db;
  const now = new Date().toISOString();
  const device = await db
    .insertInto('device_keys')
    .values(deviceKeyRow({ publicId: 'bench', createdBy: null, createdOn: now }))
    .returning('id')
    .executeTakeFirstOrThrow();
  const workspaceIds: number[] = [];
  let chat = 10_000;
  for (let w = 0; w < WORKSPACES; w += 1) {
    const workspace = await db
      .insertInto('workspaces')
      .values(workspaceRow({ uniqueId: `bench${w}`, name: `Farm ${w}`, createdOn: now }))
      .returning('id')
      .executeTakeFirstOrThrow();
    workspaceIds.push(workspace.id);
    const users = await db
      .insertInto('users')
      .values(
        Array.from({ length: MEMBERS }, (_, m) => ({
          username: `m${w}-${m}@bench.test`,
          email: `m${w}-${m}@bench.test`,
          password_hash: 'x',
          is_admin: 0,
          created_on: now,
        })),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('memberships')
      .values(
        users.map((u) => ({
          workspace_id: workspace.id,
          user_id: u.id,
          role: 'user' as const,
          created_on: now,
        })),
      )
      .execute();
    // Every member has settings; only LINKED of them have Telegram on and a linked chat.
    await db
      .insertInto('notification_settings')
      .values(
        users.map((u, m) => ({
          user_id: u.id,
          workspace_id: workspace.id,
          telegram_enabled: m < LINKED || m % 3 === 0 ? 1 : 0,
          telegram_video_failure_alert: 1,
          telegram_print_done: 1,
          email_enabled: 0,
          email_video_failure_alert: 1,
          created_on: now,
        })),
      )
      .execute();
    await db
      .insertInto('telegram_links')
      .values(
        users.slice(0, LINKED).map((u) => ({
          user_id: u.id,
          chat_id: String(chat++),
          telegram_username: null,
          linked_on: now,
        })),
      )
      .execute();
  }
  async function insertJob(index: number): Promise<number> {
    const row = await db
      .insertInto('print_jobs')
      .values({
        workspace_id: workspaceIds[index % WORKSPACES]!,
        file_id: null,
        file_name: `part-${index}.gcode`,
        printer_id: null,
        printer_name: `Printer ${index % 7}`,
        device_key_id: device.id,
        user_id: null,
        username: 'bench',
        started_on: now,
        ...RUNNING_JOB_COLUMNS,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  return { insertJob };
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = performance.now() + DEADLINE_MS;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function main(): Promise<void> {
  const bot = await startFakeTelegram(TOKEN);
  const t = await startTestServer({
    env: { TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_URL: bot.url, LOG_LEVEL: 'warn' },
  });
  try {
    const { insertJob } = await seed(t);
    const jobIds: number[] = [];
    for (let i = 0; i < EVENTS; i += 1) jobIds.push(await insertJob(i));
    const expected = EVENTS * LINKED;

    // Phase 1: all events at once; the worker drains at Telegram's rate.
    const start = performance.now();
    const startEpoch = Date.now();
    for (let i = 0; i < jobIds.length; i += 10) {
      await Promise.all(
        jobIds.slice(i, i + 10).map((id) => t.server.services.printJobs.endJob(id, 'done')),
      );
    }
    const enqueuedSeconds = (performance.now() - start) / 1000;
    await waitFor(() => bot.sent.length >= expected, `${expected} messages`);
    const lastAt = Math.max(...bot.sent.map((m) => m.at));
    const drainSeconds = (lastAt - startEpoch) / 1000;
    // Linger, so a duplicate sent late would be counted.
    await new Promise((resolve) => setTimeout(resolve, 3000));

    const keys = bot.sent.map((m) => `${m.chat_id}|${/part-\d+\.gcode/.exec(m.text)?.[0]}`);
    const distinct = new Set(keys);
    const duplicates = keys.length - distinct.size;
    const rows = await t.server.database.db
      .selectFrom('notification_outbox')
      .select(['state'])
      .execute();
    const lost = expected - distinct.size;
    const byChat = new Map<string, number[]>();
    for (const m of bot.sent) byChat.set(m.chat_id, [...(byChat.get(m.chat_id) ?? []), m.at]);
    let minChatGap = Infinity;
    for (const times of byChat.values()) {
      times.sort((a, b) => a - b);
      for (let i = 1; i < times.length; i += 1)
        minChatGap = Math.min(minChatGap, times[i]! - times[i - 1]!);
    }
    const times = bot.sent.map((m) => m.at).sort((a, b) => a - b);
    let maxPerSecond = 0;
    for (let i = 0, j = 0; i < times.length; i += 1) {
      while (times[i]! - times[j]! >= 1000) j += 1;
      maxPerSecond = Math.max(maxPerSecond, i - j + 1);
    }
    const rate = expected / drainSeconds;

    // Phase 2: one print at a time on an idle server.
    const latencies: number[] = [];
    for (let i = 0; i < IDLE_EVENTS; i += 1) {
      const id = await insertJob(EVENTS + i);
      const before = bot.sent.length;
      const ended = Date.now();
      await t.server.services.printJobs.endJob(id, 'done');
      await waitFor(() => bot.sent.length >= before + LINKED, 'an idle message');
      latencies.push((Math.max(...bot.sent.slice(before).map((m) => m.at)) - ended) / 1000);
      await new Promise((resolve) => setTimeout(resolve, 1100));
    }
    latencies.sort((a, b) => a - b);

    const out = (label: string, value: string) => console.log(`${label.padEnd(44)} ${value}`);
    out(
      'events × Telegram recipients',
      `${EVENTS} × ${LINKED} = ${expected} messages (${WORKSPACES} workspaces of ${MEMBERS} members)`,
    );
    out('outbox rows written', `${rows.length} (one per event and linked member with Telegram on)`);
    out('events committed in', `${enqueuedSeconds.toFixed(2)} s`);
    out('all delivered after', `${drainSeconds.toFixed(1)} s`);
    out(
      'delivery rate',
      `${rate.toFixed(1)} msg/s (Telegram's limit 30/s: ${((rate / 30) * 100).toFixed(0)} %)`,
    );
    out('most messages in any 1 s window', String(maxPerSecond));
    out('shortest gap between two messages to a chat', `${minChatGap} ms`);
    out('duplicates', String(duplicates));
    out('lost', String(lost));
    const states = new Map<string, number>();
    for (const row of rows) states.set(row.state, (states.get(row.state) ?? 0) + 1);
    out('outbox states', [...states].map(([state, n]) => `${state} ${n}`).join(', '));
    out(
      `end → message when idle (${IDLE_EVENTS} prints)`,
      `p50 ${percentile(latencies, 50).toFixed(3)} s, p99 ${percentile(latencies, 99).toFixed(3)} s, max ${latencies.at(-1)!.toFixed(3)} s`,
    );
    if (duplicates > 0 || lost > 0) process.exitCode = 1;
  } finally {
    await t.close();
    await bot.close();
  }
}

await main();
