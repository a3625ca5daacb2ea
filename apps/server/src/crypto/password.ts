import { hash, verify } from '@node-rs/argon2';

/** @node-rs/argon2's `Algorithm.Argon2id` (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;

/**
 * PASSWORD_HASH_COST. `standard`: the ASVS 5.0 Appendix C minimum for argon2id (checklist C02).
 * `test`: a small fraction of that, for test servers only (the settings refuse it unless
 * ENVIRONMENT=test): each test user costs a hash and a check, hundreds per test run.
 */
const COSTS = {
  standard: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
  test: { memoryCost: 256, timeCost: 1, parallelism: 1 },
} as const;

export type PasswordHashCost = keyof typeof COSTS;
export const PASSWORD_HASH_COSTS = Object.keys(COSTS) as PasswordHashCost[];

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** True when the stored hash was made with other parameters than this hasher's. */
  needsRehash(passwordHash: string): boolean;
  /** A real hash of a random password: verifying against it costs what a real check costs. */
  dummyHash(): Promise<string>;
}

export function hashPassword(
  password: string,
  cost: PasswordHashCost = 'standard',
): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, ...COSTS[cost] });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** The server's password hashing at one cost (the argon2id parameters are in each hash). */
export function createPasswordHasher(cost: PasswordHashCost = 'standard'): PasswordHasher {
  const { memoryCost, timeCost, parallelism } = COSTS[cost];
  const prefix = `$argon2id$v=19$m=${memoryCost},t=${timeCost},p=${parallelism}$`;
  let dummyHash: Promise<string> | undefined;
  return {
    hash: (password) => hashPassword(password, cost),
    verify: verifyPassword,
    needsRehash: (passwordHash) => !passwordHash.startsWith(prefix),
    dummyHash() {
      dummyHash ??= hashPassword(`dummy-${Math.random()}`, cost);
      return dummyHash;
    },
  };
}
