import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeApiServer, type FakeApiServer } from '../../../../test-support/fake-api-server';
import { readPublicConfigAtStart } from './get-public-config';

// jsdom's import.meta.url is not a file URL: vitest's __dirname is
const INDEX_HTML = readFileSync(path.resolve(__dirname, '../../../../index.html'), 'utf8');

let api: FakeApiServer;
beforeAll(async () => {
  api = await startFakeApiServer();
});
afterAll(() => api.close());

describe('the public config read at start', () => {
  it('is the request index.html preloads, so the browser answers it from the preload', async () => {
    const preload =
      /<link rel="preload" href="([^"]+)" as="fetch" crossorigin="anonymous" \/>/.exec(INDEX_HTML);
    expect(preload).not.toBeNull();
    api.answerWith(() => ({ status: 200, body: {} }));
    await readPublicConfigAtStart();
    // the same URL, method and credentials: a preload serves only a request that matches it
    expect(api.calls.map(({ method, url }) => `${method} ${url}`)).toEqual([`GET ${preload![1]}`]);
  });
});
