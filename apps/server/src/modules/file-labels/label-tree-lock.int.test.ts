import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorkspace, type BuiltUser } from '../../../test-support/factories.js';
import { TestClock } from '../../../test-support/test-clock.js';
import { startServerWithUser, type TestServer } from '../../../test-support/test-server.js';
import { createFileLabelsRepository } from './file-labels.repository.js';
import { createFileLabelsService } from './file-labels.service.js';

let t: TestServer;
let admin: BuiltUser;
beforeAll(async () => ({ t, user: admin } = await startServerWithUser()));
afterAll(() => t.close());

/**
 * Whether another connection could change the workspace's label tree right now. SQLite: a write
 * transaction cannot begin while one is open; PostgreSQL: the workspace row is locked.
 */
async function isTreeHeldElsewhere(workspaceId: number): Promise<boolean> {
  const { storage } = t;
  if (!storage.databaseUrl) {
    const other = new BetterSqlite3(path.join(storage.dataDir, 'printdeck.sqlite'), { timeout: 0 });
    try {
      other.exec('BEGIN IMMEDIATE');
      other.exec('ROLLBACK');
      return false;
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
      throw error;
    } finally {
      other.close();
    }
  }
  const other = new pg.Client({
    connectionString: storage.databaseUrl,
    options: `-c search_path=${storage.pgSchema}`,
  });
  await other.connect();
  try {
    await other.query('begin');
    await other.query('select id from workspaces where id = $1 for update nowait', [workspaceId]);
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === '55P03') return true; // lock_not_available
    throw error;
  } finally {
    await other.query('rollback').catch(() => undefined);
    await other.end();
  }
}

/**
 * The label service over the real database, paused at its first read inside a change: the
 * moment two concurrent moves would both read the tree before either writes.
 */
function pausedLabelService() {
  const { db } = t.server.database;
  const labels = createFileLabelsRepository(db);
  let pause: { reached: () => void; release: Promise<void> } | null = null;
  const service = createFileLabelsService({
    db,
    clock: new TestClock(),
    workspaces: t.server.services.workspaces,
    labels: {
      ...labels,
      async findLabel(...args: Parameters<typeof labels.findLabel>) {
        const current = pause;
        pause = null;
        if (current) {
          current.reached();
          await current.release;
        }
        return labels.findLabel(...args);
      },
    },
  });
  return {
    service,
    /** Runs `change`, checks from another connection while it is paused, then lets it finish. */
    async checkWhilePaused<T>(change: () => Promise<T>, check: () => Promise<void>): Promise<T> {
      let release!: () => void;
      const reached = new Promise<void>((resolve) => {
        pause = { reached: resolve, release: new Promise<void>((done) => (release = done)) };
      });
      const running = change();
      await reached;
      try {
        await check();
      } finally {
        release();
      }
      return running;
    },
  };
}

describe('the label-tree lock', () => {
  it('every tree change holds the tree before reading it, on SQLite and PostgreSQL alike', async () => {
    const workspaceId = await buildWorkspace(t, admin);
    const { service, checkWhilePaused } = pausedLabelService();
    expect(await isTreeHeldElsewhere(workspaceId)).toBe(false);
    const parent = await service.createLabel(admin.id, workspaceId, { name: 'Parent' });
    const child = await checkWhilePaused(
      () => service.createLabel(admin.id, workspaceId, { name: 'Child', parent_id: parent.id }),
      async () => expect(await isTreeHeldElsewhere(workspaceId)).toBe(true),
    );
    const other = await service.createLabel(admin.id, workspaceId, { name: 'Other' });
    await checkWhilePaused(
      () => service.updateLabel(admin.id, workspaceId, other.id, { parent_id: child.id }),
      async () => expect(await isTreeHeldElsewhere(workspaceId)).toBe(true),
    );
    await checkWhilePaused(
      () => service.deleteLabel(admin.id, workspaceId, child.id),
      async () => expect(await isTreeHeldElsewhere(workspaceId)).toBe(true),
    );
    expect(await isTreeHeldElsewhere(workspaceId)).toBe(false);
    const names = (await service.listLabels(admin.id, workspaceId)).map((label) => label.name);
    expect(names.sort()).toEqual(['Other', 'Parent']);
  });
});
