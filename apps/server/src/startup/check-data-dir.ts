import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StartupError } from './startup-error.js';

function whoRuns(): string {
  try {
    return `user ${os.userInfo().username}`;
  } catch {
    return `uid ${process.getuid?.() ?? '?'}`;
  }
}

/**
 * DATA_DIR must be a folder this process can write (the SQLite file, uploads, secrets, mail):
 * made when missing, and tried with a probe file, so a read-only mount or a folder owned by
 * another user stops the start with one line instead of a stack later.
 */
export function checkDataDir(dataDir: string): void {
  const isFolder = () => {
    try {
      return statSync(dataDir).isDirectory();
    } catch {
      return false;
    }
  };
  const fileShaped = () =>
    new StartupError(
      `DATA_DIR=${dataDir} is a file, or lies under one, not a folder: set DATA_DIR to a folder (it is made when missing)`,
    );
  const unwritable = (code: string) =>
    new StartupError(
      `DATA_DIR=${dataDir} cannot be written by ${whoRuns()} (${code}): give that user the folder (chown) or set DATA_DIR to a folder it may write`,
    );
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    if (code === 'EEXIST' || code === 'ENOTDIR') throw fileShaped();
    throw unwritable(code);
  }
  if (!isFolder()) throw fileShaped();
  const probe = path.join(dataDir, `.write-check-${process.pid}`);
  try {
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
  } catch (error) {
    throw unwritable((error as NodeJS.ErrnoException).code ?? 'error');
  }
}
