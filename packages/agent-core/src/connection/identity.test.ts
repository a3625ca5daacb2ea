import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultStateDir, loadOrCreateIdentity } from './identity.js';

const freshDir = () => path.join(mkdtempSync(path.join(tmpdir(), 'agent-state-')), 'state');

describe('the agent identity', () => {
  it('is made on the first start, kept private, and the same on every later start', () => {
    const dir = freshDir();
    const first = loadOrCreateIdentity(dir);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(path.join(dir, 'identity')).mode & 0o077).toBe(0);
    expect(statSync(dir).mode & 0o077).toBe(0);
    expect(loadOrCreateIdentity(dir)).toBe(first);
    expect(readFileSync(path.join(dir, 'identity'), 'utf8').trim()).toBe(first);
  });

  it('differs between two agents', () => {
    expect(loadOrCreateIdentity(freshDir())).not.toBe(loadOrCreateIdentity(freshDir()));
  });

  it('refuses a damaged identity file instead of silently making a new identity', () => {
    const dir = freshDir();
    loadOrCreateIdentity(dir);
    writeFileSync(path.join(dir, 'identity'), 'garbage');
    expect(() => loadOrCreateIdentity(dir)).toThrow(/does not hold an agent identity/);
  });

  it('lives under XDG_STATE_HOME when set', () => {
    expect(defaultStateDir({ XDG_STATE_HOME: '/var/lib/x' })).toBe('/var/lib/x/printdeck-agent');
    expect(defaultStateDir({})).toMatch(/\.local\/state\/printdeck-agent$/);
  });
});
