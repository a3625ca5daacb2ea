import { LIMITS } from '@printdeck/shared';
import { describe, expect, it } from 'vitest';
import { checkPasswordPolicy } from './password-policy.js';
import { createPasswordHasher, hashPassword, verifyPassword } from './password.js';

/** Checklist C01: long and Unicode passwords are taken whole, never cut or case-folded. */
describe('password hashing and policy (C01)', () => {
  it('two passwords equal in their first 72 bytes do not both verify (no bcrypt truncation)', async () => {
    const stem = 'a'.repeat(72);
    const hash = await hashPassword(`${stem}X`);
    expect(await verifyPassword(hash, `${stem}X`)).toBe(true);
    expect(await verifyPassword(hash, `${stem}Y`)).toBe(false);
    expect(await verifyPassword(hash, stem)).toBe(false);
  });

  it('takes any Unicode and at least 64 characters, without composition rules or case folding', async () => {
    const unicode = 'Žluťoučký kůň 🐴 úpěl ďábelské ódy';
    expect(checkPasswordPolicy(unicode)).toEqual([]);
    expect(checkPasswordPolicy('x'.repeat(64))).toEqual([]);
    expect(LIMITS.passwordMax).toBeGreaterThanOrEqual(64);
    const hash = await hashPassword(unicode);
    expect(await verifyPassword(hash, unicode)).toBe(true);
    expect(await verifyPassword(hash, unicode.toUpperCase())).toBe(false);
    expect(checkPasswordPolicy('short')).toEqual(['Password must have at least 8 characters.']);
    expect(checkPasswordPolicy('Password123')).toEqual(['This password is too common.']);
  });
});

/** Checklist C02: argon2id at the ASVS minimum; the test cost is a setting for test servers. */
describe('password hasher', () => {
  it('hashes at the ASVS parameters by default and asks to rehash a hash of other parameters', async () => {
    const standard = createPasswordHasher();
    const hash = await standard.hash('a long passphrase');
    expect(hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(standard.needsRehash(hash)).toBe(false);
    const cheap = createPasswordHasher('test');
    const cheapHash = await cheap.hash('a long passphrase');
    expect(cheapHash.startsWith('$argon2id$v=19$m=256,t=1,p=1$')).toBe(true);
    expect(standard.needsRehash(cheapHash)).toBe(true);
    expect(cheap.needsRehash(hash)).toBe(true);
    // a hash verifies by its own parameters, whatever the hasher's cost
    expect(await standard.verify(cheapHash, 'a long passphrase')).toBe(true);
    expect(await cheap.verify(hash, 'a long passphrase')).toBe(true);
    expect(await cheap.verify(hash, 'another passphrase')).toBe(false);
    expect(await standard.verify(await standard.dummyHash(), '')).toBe(false);
  });
});
