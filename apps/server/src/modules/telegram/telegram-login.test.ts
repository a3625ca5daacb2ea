import { describe, expect, it } from 'vitest';
import { buildDataCheckString, checkLoginData, signLoginData } from './telegram-login.js';

const TOKEN = '123456:ABC-test-token';
const NOW = 1_800_000_000;

function signed(fields: Record<string, unknown>) {
  const data = { id: 42, first_name: 'Ada', auth_date: NOW - 60, ...fields };
  return { ...data, hash: signLoginData(data, TOKEN) } as Parameters<typeof checkLoginData>[0];
}

describe('Telegram Login Widget check', () => {
  it('builds the data-check-string sorted by key, without hash, joined by line feeds', () => {
    expect(
      buildDataCheckString({ username: 'ada', id: 42, hash: 'x', auth_date: 1, first_name: 'A' }),
    ).toBe('auth_date=1\nfirst_name=A\nid=42\nusername=ada');
  });

  it('matches an HMAC computed independently with the documented recipe', async () => {
    const { createHash, createHmac } = await import('node:crypto');
    const dcs = 'auth_date=1700000000\nfirst_name=Ada\nid=42';
    const key = createHash('sha256').update(TOKEN).digest();
    expect(signLoginData({ id: 42, first_name: 'Ada', auth_date: 1700000000 }, TOKEN)).toBe(
      createHmac('sha256', key).update(dcs).digest('hex'),
    );
  });

  it('accepts correctly signed fresh data', () => {
    expect(checkLoginData(signed({ username: 'ada' }), TOKEN, NOW)).toEqual({ ok: true });
  });

  it('refuses a changed field, a signature made with another token, and old or future data', () => {
    const data = signed({ username: 'ada' });
    expect(checkLoginData({ ...data, id: 43 }, TOKEN, NOW)).toEqual({
      ok: false,
      reason: 'bad_hash',
    });
    expect(checkLoginData(data, '123456:another', NOW)).toEqual({ ok: false, reason: 'bad_hash' });
    expect(checkLoginData(signed({ auth_date: NOW - 86_401 }), TOKEN, NOW)).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(checkLoginData(signed({ auth_date: NOW + 3600 }), TOKEN, NOW)).toEqual({
      ok: false,
      reason: 'future',
    });
  });
});
