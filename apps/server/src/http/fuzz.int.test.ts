import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDeviceFuzz } from '../../test-support/fuzz/device-fuzz.js';
import { prepareFuzzTarget, readOpenApi } from '../../test-support/fuzz/fuzz-setup.js';
import { runHttpFuzz, type FuzzTarget } from '../../test-support/fuzz/http-fuzz.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

/**
 * Issue 23: generated bad input over every route of the OpenAPI document and over the device
 * WebSocket gives no 5xx. Bounded here (FUZZ_HTTP, FUZZ_DEVICE raise the counts);
 * `npm run bench:fuzz` runs the 50,000 and prints the figures.
 */

const HTTP_COUNT = Number(process.env.FUZZ_HTTP ?? 2_000);
const DEVICE_COUNT = Number(process.env.FUZZ_DEVICE ?? 1_000);
const SEED = Number(process.env.FUZZ_SEED ?? 23);

let t: TestServer;
let target: FuzzTarget;
let deviceKey: string;

beforeAll(async () => {
  t = await startTestServer();
  ({ http: target, deviceKey } = await prepareFuzzTarget(t));
});
afterAll(() => t.close());

describe('the fuzz (issue 23)', () => {
  it(`${DEVICE_COUNT} generated device messages: the gateway never fails`, async () => {
    const report = await runDeviceFuzz(t.baseUrl, deviceKey, { count: DEVICE_COUNT, seed: SEED });
    expect(report.messages).toBe(DEVICE_COUNT);
    expect(report.serverErrors).toBe(0);
    expect((await t.api('/api/health')).status).toBe(200);
  }, 600_000);

  it(`${HTTP_COUNT} generated requests over every route: no 5xx`, async () => {
    const report = await runHttpFuzz(target, readOpenApi(), { count: HTTP_COUNT, seed: SEED });
    expect(report.requests).toBe(HTTP_COUNT);
    expect(report.failures).toEqual([]);
    expect((await t.api('/api/health')).status).toBe(200);
  }, 600_000);
});
