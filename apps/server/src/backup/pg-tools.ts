import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Runs pg_dump or pg_restore on DATABASE_URL without putting its password on the command line
 * (where `ps` shows it to every user of the machine): it goes in PGPASSWORD instead.
 */
export async function runPgTool(
  tool: 'pg_dump' | 'pg_restore',
  args: string[],
  databaseUrl: string,
) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const target = tool === 'pg_dump' ? [url.toString()] : [`--dbname=${url.toString()}`];
  try {
    await run(tool, [...args, ...target], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? String(error);
    throw new Error(`${tool} failed: ${stderr.split('\n')[0]}`);
  }
}
