import type { FileLabel, FileLabelCreate, FileLabelUpdate } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { fieldError, notFound } from '../../http/app-error.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { FileLabelsRepository } from './file-labels.repository.js';
import { wouldCreateLoop } from './label-tree.js';

interface Deps {
  db: Db;
  labels: FileLabelsRepository;
  workspaces: WorkspacesService;
  clock: Clock;
}

const labelNotFound = () => notFound('Label does not exist.');

type LabelRow = Pick<FileLabel, 'id' | 'name' | 'parent_id' | 'children_count'>;

/** Each label with its parent and depth, read from the whole tree of its workspace. */
const toFileLabels = (rows: LabelRow[]): FileLabel[] => {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return rows.map(({ id, name, parent_id, children_count }) => {
    const parent = parent_id === null ? undefined : byId.get(parent_id);
    return {
      id,
      name,
      parent_id,
      parent: parent ? { id: parent.id, name: parent.name } : null,
      nestedCount: countAncestors(byId, parent_id),
      children_count,
    };
  });
};

function countAncestors(byId: Map<number, LabelRow>, parentId: number | null): number {
  let depth = 0;
  // the tree is kept free of loops; the bound only guards against a damaged one
  for (let current = parentId; current !== null && depth <= byId.size; depth += 1)
    current = byId.get(current)?.parent_id ?? null;
  return depth;
}

/**
 * The label tree of a workspace (spec part 2 §2.4). Reading needs VIEW_GROUP, every change
 * CHANGE_FILES. Changes run in a transaction that holds the tree, so a loop is never stored.
 */
export function createFileLabelsService({ db, labels, workspaces, clock }: Deps) {
  async function getLabelOrThrow(workspaceId: number, labelId: number): Promise<FileLabel> {
    const label = toFileLabels(await labels.listLabels(workspaceId)).find(
      (row) => row.id === labelId,
    );
    if (!label) throw labelNotFound();
    return label;
  }

  async function requireParent(workspaceId: number, parentId: number, trx: Db): Promise<void> {
    if (!(await labels.findLabel(workspaceId, parentId, trx))) {
      throw fieldError('parent_id', 'Unknown label.');
    }
  }

  return {
    async listLabels(userId: number, workspaceId: number): Promise<FileLabel[]> {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'VIEW_GROUP');
      return toFileLabels(await labels.listLabels(workspaceId));
    },

    async createLabel(
      userId: number,
      workspaceId: number,
      input: FileLabelCreate,
    ): Promise<FileLabel> {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'CHANGE_FILES');
      const id = await db.transaction().execute(async (trx) => {
        await labels.lockLabelTree(workspaceId, trx);
        if (input.parent_id) await requireParent(workspaceId, input.parent_id, trx);
        return labels.insertLabel(
          {
            workspace_id: workspaceId,
            name: input.name,
            parent_id: input.parent_id ?? null,
            created_on: clock.now().toISOString(),
          },
          trx,
        );
      });
      return getLabelOrThrow(workspaceId, id);
    },

    /** Renames and moves; a move under the label itself or one of its descendants is refused. */
    async updateLabel(
      userId: number,
      workspaceId: number,
      labelId: number,
      input: FileLabelUpdate,
    ): Promise<FileLabel> {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'CHANGE_FILES');
      await db.transaction().execute(async (trx) => {
        await labels.lockLabelTree(workspaceId, trx);
        if (!(await labels.findLabel(workspaceId, labelId, trx))) throw labelNotFound();
        if (input.parent_id) {
          await requireParent(workspaceId, input.parent_id, trx);
          const links = await labels.listLabelLinks(workspaceId, trx);
          if (wouldCreateLoop(links, labelId, input.parent_id)) {
            throw fieldError(
              'parent_id',
              'A label cannot be moved under itself or its descendants.',
            );
          }
        }
        await labels.updateLabel(
          labelId,
          {
            ...(input.name !== undefined && { name: input.name }),
            ...(input.parent_id !== undefined && { parent_id: input.parent_id }),
          },
          trx,
        );
      });
      return getLabelOrThrow(workspaceId, labelId);
    },

    /** The label's children move up to its parent; files lose the label, nothing else. */
    async deleteLabel(userId: number, workspaceId: number, labelId: number): Promise<void> {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'CHANGE_FILES');
      await db.transaction().execute(async (trx) => {
        await labels.lockLabelTree(workspaceId, trx);
        const label = await labels.findLabel(workspaceId, labelId, trx);
        if (!label) throw labelNotFound();
        await labels.deleteLabel(label, trx);
      });
    },
  };
}

export type FileLabelsService = ReturnType<typeof createFileLabelsService>;
