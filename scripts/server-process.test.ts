import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-process.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');

describe('the server process settings', () => {
  it('are the ones `npm start` starts the server with', () => {
    const packageJson = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const environment = Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value}`);
    expect(packageJson.scripts.start).toBe(
      [...environment, 'node', ...SERVER_NODE_FLAGS, 'scripts/start.mjs'].join(' '),
    );
  });
});
