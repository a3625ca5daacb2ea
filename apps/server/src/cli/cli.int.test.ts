import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { verifyPassword } from '../crypto/password.js';
import { createTestStorage, type TestStorage } from '../../test-support/test-database.js';
import { runCli } from './run-cli.js';

let storage: TestStorage;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  storage = await createTestStorage();
  const pgOptions = storage.pgSchema
    ? `${storage.databaseUrl}?options=-c%20search_path%3D${storage.pgSchema}`
    : undefined;
  env = { DATA_DIR: storage.dataDir, ...(pgOptions ? { DATABASE_URL: pgOptions } : {}) };
});
afterAll(() => storage.cleanup());

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, env, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function readUser(email: string) {
  const handle = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: storage.dataDir });
  try {
    return await handle.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirst();
  } finally {
    await handle.close();
  }
}

describe('npm run cli', () => {
  it('creates a system administrator', async () => {
    const result = await cli(
      'user',
      'create',
      '--email',
      'Root@Example.com',
      '--password',
      'a very long passphrase',
      '--admin',
    );
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toContain('root@example.com');
    const user = await readUser('root@example.com');
    expect(user?.is_admin).toBe(1);
  });

  it('refuses a duplicate, a bad e-mail, a weak password and a missing flag with a message and a non-zero code', async () => {
    expect(
      await cli(
        'user',
        'create',
        '--email',
        'root@example.com',
        '--password',
        'another long passphrase',
      ),
    ).toMatchObject({
      code: 1,
      err: 'Error: A user with this e-mail already exists.',
    });
    const badEmail = await cli(
      'user',
      'create',
      '--email',
      'root',
      '--password',
      'long passphrase',
    );
    expect(badEmail.code).toBe(2);
    expect(badEmail.err).toContain('--email: Enter a valid email address.');
    const weak = await cli('user', 'create', '--email', 'weak@example.com', '--password', 'short');
    expect(weak.code).toBe(1);
    expect(weak.err).toContain('at least 8 characters');
    expect(await readUser('weak@example.com')).toBeUndefined();
    const missing = await cli('user', 'create', '--email', 'x@example.com');
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('--password is required.');
    const unknown = await cli('user', 'delete');
    expect(unknown.code).toBe(2);
    const badFlag = await cli('user', 'create', '--colour', 'red');
    expect(badFlag.code).toBe(2);
  });

  it('resets a password', async () => {
    const result = await cli(
      'user',
      'reset-password',
      '--email',
      'root@example.com',
      '--password',
      'the replaced passphrase',
    );
    expect(result.code).toBe(0);
    const user = await readUser('root@example.com');
    expect(await verifyPassword(user!.password_hash, 'the replaced passphrase')).toBe(true);
    expect(
      (
        await cli(
          'user',
          'reset-password',
          '--email',
          'nobody@example.com',
          '--password',
          'whatever passphrase',
        )
      ).code,
    ).toBe(1);
  });

  it('creates a workspace for an existing owner', async () => {
    const result = await cli(
      'workspace',
      'create',
      '--name',
      'School lab',
      '--owner',
      'root@example.com',
    );
    expect(result.code).toBe(0);
    expect(result.out).toContain('School lab');
    expect(
      (await cli('workspace', 'create', '--name', 'x'.repeat(31), '--owner', 'root@example.com'))
        .err,
    ).toContain('Workspace name is not valid.');
    expect(
      (await cli('workspace', 'create', '--name', 'Lab', '--owner', 'ghost@example.com')).code,
    ).toBe(1);
  });

  it('switches maintenance mode on and off', async () => {
    expect((await cli('maintenance', 'on')).code).toBe(0);
    expect((await cli('maintenance', 'off')).code).toBe(0);
    expect((await cli('maintenance', 'sideways')).code).toBe(2);
  });
});
