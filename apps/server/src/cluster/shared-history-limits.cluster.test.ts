import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltUser } from '../../test-support/factories.js';
import { eventually } from '../../test-support/fake-agent.js';
import { startFakeTelegram, type FakeTelegram } from '../../test-support/fake-telegram.js';
import { createApiClient, type TestServer } from '../../test-support/test-server.js';
import {
  startSpawnedPair,
  type ChildInstance,
  type InstancePair,
} from '../../test-support/cluster.js';
import { linkTelegramChat, telegramEnv } from '../../test-support/cluster-telegram.js';
import { addClusterPrinter, type ClusterPrinter } from '../../test-support/cluster-printers.js';

/**
 * Issue 28: what issue 16 left per instance. The printer's agent sits on A (its own process);
 * B, in this process, answers its temperature graph. A test message asked of both instances at
 * once reaches the one chat a second apart, as Telegram asks.
 */
let cluster: InstancePair<ChildInstance>;
let bot: FakeTelegram;
let a: ChildInstance;
let b: TestServer;
let apiA: TestServer['api'];
let admin: BuiltUser;
let settingsId: number;
let printer: ClusterPrinter;

const BOT_TOKEN = '777028:cluster-limits-token-secret';
const CHAT = 7028;

beforeAll(async () => {
  bot = await startFakeTelegram(BOT_TOKEN);
  const telegram = telegramEnv(bot, BOT_TOKEN, 'PrintdeckLimitsBot');
  cluster = await startSpawnedPair({ b: { env: telegram }, aEnv: telegram });
  ({ a, b, admin } = cluster);
  const { workspaceId } = cluster;
  apiA = createApiClient(a.url);
  settingsId = await linkTelegramChat(b, admin, workspaceId, {
    token: BOT_TOKEN,
    chat: CHAT,
    channels: { email: { enabled: false } },
  });
  printer = await addClusterPrinter(b, admin, workspaceId, { name: 'Hot', agentUrl: a.url });
}, 120_000);

afterAll(async () => {
  printer?.agent.close();
  await cluster?.close();
  await bot?.close();
});

type Sample = { time: string; nozzle_actual: number | null; bed_actual: number | null };
const historyOn = async (api: TestServer['api']) => {
  const answer = await api(`/api/printers/${printer.id}/temperature-history/`, {
    token: admin.access,
  });
  expect(answer.status).toBe(200);
  return answer.body.samples as Sample[];
};

describe('two instances share', () => {
  it('the temperature graph of a printer held by the other instance', async () => {
    // the agent's snapshot on A was its first sample; the next reading is repeated every 5 s
    printer.agent.send({
      type: 'state',
      kind: 'patch',
      state: { temperature: { tool0: { actual: 212.3, target: 215 }, bed: null } },
    });
    const onB = await eventually(async () => {
      const samples = await historyOn(b.api);
      expect(samples.at(-1)?.nozzle_actual).toBe(212.3);
      return samples;
    }, 15_000);
    expect(onB[0]!.nozzle_actual).toBe(21.5);
    expect(onB.at(-1)!.bed_actual).toBeNull();
    // the instance holding the printer answers the same list
    expect(await historyOn(apiA)).toEqual(
      expect.arrayContaining(onB.map((sample) => expect.objectContaining(sample))),
    );
  }, 30_000);

  it('one Telegram chat: two test messages asked of both instances at once go a second apart', async () => {
    const before = bot.sent.length;
    const sendTest = (api: TestServer['api']) =>
      api(`/api/notifications/settings/${settingsId}/send-test-notification/`, {
        method: 'POST',
        token: admin.access,
      });
    const [onA, onB] = await Promise.all([sendTest(apiA), sendTest(b.api)]);
    expect(onA.body.telegram).toBe('sent');
    expect(onB.body.telegram).toBe('sent');
    const sent = bot.sent.slice(before).filter((m) => m.chat_id === String(CHAT));
    expect(sent).toHaveLength(2);
    // the second starts a full second after the first finished, so it arrives at least that late
    expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(990);
  }, 30_000);
});
