import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';
import { createTestStorage, type TestStorage } from './test-database.js';
import { startTestServer, type TestServer, type TestServerOptions } from './test-server.js';
import { findFreePort } from './free-port.js';
import { buildUser, buildWorkspace, type BuiltUser } from './factories.js';

const SERVER_MAIN = path.resolve(import.meta.dirname, '../src/main.ts');
const BUILT_SERVER_MAIN = path.resolve(import.meta.dirname, '../dist/main.js');

/**
 * How a spawned instance starts. `PRINTDECK_TEST_BUILT_SERVER=1` (set by `npm run test:cluster`,
 * which first builds the server if its sources are newer: scripts/build-if-needed.mjs server):
 * the built server, as in production (3.8–4.3 s of CPU to answer its health check). Otherwise
 * the sources through tsx, which compiles the server's module graph at every start (8.1–8.7 s
 * of CPU; over 110 s wall at load 30), so a bare `vitest --project cluster` never runs a stale build.
 */
function serverCommand(): string[] {
  if (process.env.PRINTDECK_TEST_BUILT_SERVER !== '1') return ['--import', 'tsx', SERVER_MAIN];
  if (!existsSync(BUILT_SERVER_MAIN)) {
    throw new Error(
      `PRINTDECK_TEST_BUILT_SERVER=1 but ${BUILT_SERVER_MAIN} is missing: run node scripts/build-if-needed.mjs server`,
    );
  }
  return [BUILT_SERVER_MAIN];
}

export const CLUSTER_JWT_SECRET = 'a cluster test secret that is long enough to sign';

/** The cluster tests need both engines; they say so instead of skipping. */
export function requireClusterEngines(): { databaseUrl: string; redisUrl: string } {
  const databaseUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  if (!databaseUrl || !redisUrl) {
    throw new Error(
      'The cluster tests need DATABASE_URL (PostgreSQL) and REDIS_URL: npm run test:cluster sets both',
    );
  }
  return { databaseUrl, redisUrl };
}

/** One database schema, one data directory and one Redis key prefix for a test run's instances. */
export interface ClusterStorage extends TestStorage {
  redisUrl: string;
  keyPrefix: string;
}

export async function createClusterStorage(): Promise<ClusterStorage> {
  const { redisUrl } = requireClusterEngines();
  const storage = await createTestStorage();
  const keyPrefix = `printdeck-test-${process.pid}-${randomBytes(4).toString('hex')}:`;
  return {
    ...storage,
    redisUrl,
    keyPrefix,
    async cleanup() {
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${keyPrefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
      await storage.cleanup();
    },
  };
}

function clusterEnv(storage: ClusterStorage): Record<string, string> {
  return {
    REDIS_URL: storage.redisUrl,
    REDIS_KEY_PREFIX: storage.keyPrefix,
    JWT_SECRET: CLUSTER_JWT_SECRET,
  };
}

/** An instance in this process: its services are at hand for factories and checks. */
export function startInProcessInstance(
  storage: ClusterStorage,
  options: TestServerOptions = {},
): Promise<TestServer> {
  return startTestServer({ ...options, storage, env: { ...clusterEnv(storage), ...options.env } });
}

export interface ChildInstance {
  url: string;
  child: ChildProcess;
  /** SIGKILL: no shutdown, no goodbye to Redis, sockets cut */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * How long a spawned instance may take to answer its health check: started from the sources it
 * compiles them with tsx, which took over 60 s on the shared machine at load 30.
 */
const START_DEADLINE_MS = 150_000;

/** An instance as its own process (`main.ts`), so it can be killed like a crashed machine. */
export async function spawnInstance(
  storage: ClusterStorage,
  env: Record<string, string> = {},
): Promise<ChildInstance> {
  const port = await findFreePort();
  const child = spawn(process.execPath, serverCommand(), {
    env: {
      ...process.env,
      ...clusterEnv(storage),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: storage.dataDir,
      DATABASE_URL: storage.databaseUrl ?? '',
      PUBLIC_URL: 'http://printdeck.test',
      LOG_LEVEL: 'warn',
      ...(storage.pgSchema ? { PGOPTIONS: `-c search_path=${storage.pgSchema}` } : {}),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const errors: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_DEADLINE_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance exited:\n${errors.join('')}`);
    const isUp = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `instance did not answer within ${START_DEADLINE_MS / 1000} s:\n${errors.join('')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return { url, child, kill: () => signal('SIGKILL'), stop: () => signal('SIGTERM') };
}

/** Two instances on one storage, and the first user with their workspace, built through B. */
export interface InstancePair<A> {
  storage: ClusterStorage;
  a: A;
  b: TestServer;
  admin: BuiltUser;
  workspaceId: number;
  /** stops A, then B, then empties the storage */
  close(): Promise<void>;
}

interface PairOptions {
  /** made by the test when it must write into it before A starts; else a new one */
  storage?: ClusterStorage;
  /** for B, the instance in this process */
  b?: TestServerOptions;
}

/**
 * B in this process first (it migrates the shared schema, so A starts on a migrated database),
 * then A; a failed start closes what had started.
 */
async function startPair<A>(
  options: PairOptions,
  startA: (storage: ClusterStorage) => Promise<A>,
  stopA: (a: A) => Promise<void>,
): Promise<InstancePair<A>> {
  const storage = options.storage ?? (await createClusterStorage());
  let b: TestServer | undefined;
  let a: A | undefined;
  const close = async () => {
    if (a !== undefined) await stopA(a);
    await b?.close();
    await storage.cleanup();
  };
  try {
    b = await startInProcessInstance(storage, options.b);
    a = await startA(storage);
    const admin = await buildUser(b);
    const workspaceId = await buildWorkspace(b, admin);
    return { storage, a, b, admin, workspaceId, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A in its own process (`env` added to its environment), so that it can be killed. */
export function startSpawnedPair(
  options: PairOptions & { aEnv?: Record<string, string> } = {},
): Promise<InstancePair<ChildInstance>> {
  return startPair(
    options,
    (storage) => spawnInstance(storage, options.aEnv),
    (a) => a.stop(),
  );
}

/** A in this process too, with the same options as B. */
export function startInProcessPair(options: PairOptions = {}): Promise<InstancePair<TestServer>> {
  return startPair(
    options,
    (storage) => startInProcessInstance(storage, options.b),
    (a) => a.close(),
  );
}

export interface FlakyLink {
  /** the address to give the instance instead of the real one */
  url: string;
  /** drops every connection and refuses new ones, as a failed network would */
  cut(): void;
  /** keeps every connection open and accepts new ones, but nothing passes: a stalled Redis */
  stall(): void;
  restore(): void;
  close(): Promise<void>;
}

/** A TCP relay to Redis that a test can cut and restore, without touching the Redis others use. */
export async function startFlakyLink(targetUrl: string): Promise<FlakyLink> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  let isCut = false;
  let isStalled = false;
  const relays = new Set<{ client: Socket; upstream: Socket }>();
  const server = createServer((client) => {
    if (isCut) return client.destroy();
    if (isStalled) {
      sockets.add(client);
      client.on('error', () => undefined);
      client.on('close', () => sockets.delete(client));
      return;
    }
    const upstream = connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    const relay = { client, upstream };
    relays.add(relay);
    client.on('close', () => relays.delete(relay));
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const relayed = new URL(targetUrl);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(port);
  return {
    url: relayed.toString(),
    cut() {
      isCut = true;
      for (const socket of sockets) socket.destroy();
    },
    stall() {
      isStalled = true;
      for (const { client, upstream } of relays) {
        client.unpipe(upstream);
        upstream.unpipe(client);
      }
    },
    restore() {
      isCut = false;
      isStalled = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
