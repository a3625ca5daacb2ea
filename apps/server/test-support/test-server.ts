import { Writable } from 'node:stream';
import type { Clock } from '../src/clock.js';
import { loadConfig, type Config } from '../src/config/config.js';
import { createLogger } from '../src/logger.js';
import { startServer, type RunningServer, type StartOptions } from '../src/composition-root.js';
import { createTestStorage, type TestStorage } from './test-database.js';
import { buildUser, buildWorkspace, type BuiltUser } from './factories.js';

export interface TestServerOptions {
  env?: Record<string, string>;
  clock?: Clock;
  webDir?: string;
  gatewayLimits?: StartOptions['gatewayLimits'];
  statesStream?: StartOptions['statesStream'];
  videoSettings?: StartOptions['videoSettings'];
  notificationOptions?: StartOptions['notificationOptions'];
  clusterTimings?: StartOptions['clusterTimings'];
  jobOptions?: StartOptions['jobOptions'];
  webhookOptions?: StartOptions['webhookOptions'];
  spoolmanOptions?: StartOptions['spoolmanOptions'];
  /** start on the database and data directory of an earlier server (a restart); kept on close */
  storage?: TestStorage;
  /** listen on this port instead of any free one (when PUBLIC_URL must name the server) */
  port?: number;
  /** the built agent's folder, served at /agent/ */
  agentDir?: string;
  lanAgentTuning?: StartOptions['lanAgentTuning'];
  mqttReconnectMs?: StartOptions['mqttReconnectMs'];
  storeCheckEveryMs?: StartOptions['storeCheckEveryMs'];
}

export interface TestServer {
  server: RunningServer;
  config: Config;
  storage: TestStorage;
  /** every log line the server wrote, parsed */
  logs: Array<Record<string, unknown>>;
  baseUrl: string;
  api(path: string, init?: ApiInit): Promise<ApiResponse>;
  close(): Promise<void>;
}

export interface ApiInit {
  method?: string;
  body?: unknown;
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read any shape
  text: string;
}

/** A real server on 127.0.0.1 with its own database and data directory. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const storage = options.storage ?? (await createTestStorage({ migrated: true }));
  const config = {
    ...loadConfig({
      DATA_DIR: storage.dataDir,
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://printdeck.test',
      LOG_LEVEL: 'info',
      // argon2id at a test cost: each test user is a hash and a check (auth.int.test.ts keeps
      // the standard cost, whose parameters it checks); a test that names another environment
      // gets the standard cost, which is all the configuration allows there
      ENVIRONMENT: 'test',
      PASSWORD_HASH_COST: (options.env?.ENVIRONMENT ?? 'test') === 'test' ? 'test' : 'standard',
      ...(storage.databaseUrl ? { DATABASE_URL: storage.databaseUrl } : {}),
      ...options.env,
    }),
    port: options.port ?? 0,
  };
  const logs: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n'))
        if (line) logs.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const server = await startServer({
    config,
    logger: createLogger('info', sink),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.webDir ? { webDir: options.webDir } : {}),
    ...(options.agentDir ? { agentDir: options.agentDir } : {}),
    ...(options.lanAgentTuning ? { lanAgentTuning: options.lanAgentTuning } : {}),
    ...(options.gatewayLimits ? { gatewayLimits: options.gatewayLimits } : {}),
    ...(options.statesStream ? { statesStream: options.statesStream } : {}),
    ...(options.videoSettings ? { videoSettings: options.videoSettings } : {}),
    ...(options.notificationOptions ? { notificationOptions: options.notificationOptions } : {}),
    ...(options.clusterTimings ? { clusterTimings: options.clusterTimings } : {}),
    ...(options.mqttReconnectMs ? { mqttReconnectMs: options.mqttReconnectMs } : {}),
    ...(options.storeCheckEveryMs ? { storeCheckEveryMs: options.storeCheckEveryMs } : {}),
    ...(options.jobOptions ? { jobOptions: options.jobOptions } : {}),
    ...(options.webhookOptions ? { webhookOptions: options.webhookOptions } : {}),
    ...(options.spoolmanOptions ? { spoolmanOptions: options.spoolmanOptions } : {}),
    ...(storage.pgSchema ? { pgSchema: storage.pgSchema } : {}),
  });
  const baseUrl = server.url.replace('[::1]', '127.0.0.1');

  return {
    server,
    config,
    storage,
    logs,
    baseUrl,
    api: createApiClient(baseUrl),
    async close() {
      await server.stop();
      if (!options.storage) await storage.cleanup();
    },
  };
}

/** Calls the API at `baseUrl` as a test does: JSON in and out, the status and raw text kept. */
export function createApiClient(baseUrl: string): TestServer['api'] {
  return async (path, init = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body: string | undefined = init.rawBody;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body,
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  };
}

/** A test server with one signed-in user: the set-up most route test files start from. */
export async function startServerWithUser(
  options: TestServerOptions = {},
): Promise<{ t: TestServer; user: BuiltUser }> {
  const t = await startTestServer(options);
  return { t, user: await buildUser(t) };
}

/** `startServerWithUser` plus a workspace the user owns. */
export async function startServerWithWorkspace(
  options: TestServerOptions = {},
): Promise<{ t: TestServer; user: BuiltUser; workspaceId: number }> {
  const { t, user } = await startServerWithUser(options);
  return { t, user, workspaceId: await buildWorkspace(t, user) };
}
