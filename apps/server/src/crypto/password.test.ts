import { LIMITS } from '@printdeck/shared';
import { describe, expect, it } from 'vitest';
import { checkPasswordPolicy } from './password-policy.js';
import { hashPassword, verifyPassword } from './password.js';

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
