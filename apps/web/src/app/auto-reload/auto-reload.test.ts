import { describe, expect, it } from 'vitest';
import { shouldReloadPage } from './auto-reload';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const loadedAt = 1_700_000_000_000;

describe('shouldReloadPage', () => {
  it('keeps a fresh page', () => {
    expect(shouldReloadPage({ now: loadedAt + MINUTE, loadedAt, lastResponseAt: loadedAt })).toBe(
      false,
    );
  });

  it('keeps the page at exactly one hour since the last response', () => {
    expect(shouldReloadPage({ now: loadedAt + HOUR, loadedAt, lastResponseAt: loadedAt })).toBe(
      false,
    );
  });

  it('reloads after more than one hour without a response', () => {
    expect(shouldReloadPage({ now: loadedAt + HOUR + 1, loadedAt, lastResponseAt: loadedAt })).toBe(
      true,
    );
  });

  it('keeps an 11-hour-old page that still gets responses', () => {
    const now = loadedAt + 11 * HOUR;
    expect(shouldReloadPage({ now, loadedAt, lastResponseAt: now - MINUTE })).toBe(false);
  });

  it('reloads after more than 12 hours since load even with recent responses', () => {
    const now = loadedAt + 12 * HOUR + 1;
    expect(shouldReloadPage({ now, loadedAt, lastResponseAt: now - MINUTE })).toBe(true);
  });
});
