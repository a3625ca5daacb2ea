import {
  roleHasPermission,
  type FileDownloadLink,
  type Gcode,
  type GcodeListQuery,
  type GcodePage,
  type GcodeUpdate,
  type GcodeDeletionImpact,
} from '@printdeck/shared';
import type { Db } from '../../db/database.js';
import { fieldError, forbidden } from '../../http/app-error.js';
import type { FileLabelsRepository } from '../file-labels/file-labels.repository.js';
import { collectDescendants } from '../file-labels/label-tree.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { FileStorage } from '../../storage/file-storage.js';
import type { DownloadTokens } from './download-tokens.js';
import { gcodeNotFound } from './file-errors.js';
import type { FileFilter, FileWithUploader, FilesRepository } from './files.repository.js';
import {
  buildNextUrl,
  decodeCursor,
  readLabelFilter,
  toFileOrder,
  toSearchPattern,
  toSearchText,
} from './files-list-query.js';
import type { GcodePresenter } from './gcode-response.js';

interface Deps {
  db: Db;
  files: FilesRepository;
  labels: FileLabelsRepository;
  workspaces: WorkspacesService;
  storage: FileStorage;
  presenter: GcodePresenter;
  downloadTokens: DownloadTokens;
}

export function createFilesService(deps: Deps) {
  const { db, files, labels, workspaces, storage, presenter, downloadTokens } = deps;

  async function getFileRowOrThrow(workspaceId: number, fileId: number): Promise<FileWithUploader> {
    const file = await files.findFile(workspaceId, fileId);
    if (!file) throw gcodeNotFound();
    return file;
  }

  async function viewFile(userId: number, workspaceId: number, fileId: number) {
    await workspaces.requireWorkspacePermission(userId, workspaceId, 'VIEW_GROUP');
    return getFileRowOrThrow(workspaceId, fileId);
  }

  /** CHANGE_FILES for any file, CHANGE_UPLOADED_FILES for the caller's own uploads (spec §6). */
  async function changeFile(userId: number, workspaceId: number, fileId: number) {
    const role = await workspaces.requireWorkspacePermission(userId, workspaceId, 'VIEW_GROUP');
    const file = await getFileRowOrThrow(workspaceId, fileId);
    const isOwn = file.uploaded_by_id === userId;
    if (
      !roleHasPermission(role, 'CHANGE_FILES') &&
      !(isOwn && roleHasPermission(role, 'CHANGE_UPLOADED_FILES'))
    ) {
      throw forbidden();
    }
    return file;
  }

  /** A label id matches files with that label or any label below it in the tree. */
  async function toFilter(workspaceId: number, query: GcodeListQuery): Promise<FileFilter | null> {
    const labelFilter = readLabelFilter(query);
    const search = {
      searchPattern: toSearchPattern(query.search),
      searchText: toSearchText(query.search?.trim() ?? '') || undefined,
    };
    if (Array.isArray(labelFilter)) {
      const links = await labels.listLabelLinks(workspaceId);
      const labelIds = [...collectDescendants(links, labelFilter)];
      if (labelIds.length === 0) return null;
      return { labelIds, ...search };
    }
    return { labelIds: labelFilter, ...search };
  }

  async function requireWorkspaceLabels(workspaceId: number, wanted: number[], trx: Db) {
    const unique = [...new Set(wanted)];
    const found = new Set(await labels.findLabelIds(workspaceId, unique, trx));
    const missing = unique.filter((id) => !found.has(id));
    if (missing.length > 0) throw fieldError('fileLabels', `Unknown label: ${missing.join(', ')}.`);
    return unique;
  }

  async function setPublic(userId: number, workspaceId: number, fileId: number, isPublic: boolean) {
    await changeFile(userId, workspaceId, fileId);
    await files.updateFile(fileId, { is_public: isPublic ? 1 : 0 });
    return presenter.toGcode(await getFileRowOrThrow(workspaceId, fileId));
  }

  return {
    async listFiles(
      userId: number,
      workspaceId: number,
      query: GcodeListQuery,
    ): Promise<GcodePage> {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'VIEW_GROUP');
      const order = toFileOrder(query.ordering);
      const after = decodeCursor(query.cursor, query.ordering);
      const filter = await toFilter(workspaceId, query);
      if (!filter) return { results: [], count: 0, count_is_capped: false, next: null };
      // the count first: how many match decides how the page is read (files.repository.ts)
      const { count, isCapped } = await files.countFiles(workspaceId, filter);
      const rows = await files.listFiles(workspaceId, filter, {
        order,
        after,
        limit: query.limit + 1,
        matching: isCapped ? Infinity : count,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const next =
        rows.length > query.limit && last
          ? buildNextUrl(workspaceId, query, { value: last[order.column], id: last.id })
          : null;
      return {
        results: await presenter.toGcodes(page),
        count,
        count_is_capped: isCapped,
        next,
      };
    },

    async getFile(userId: number, workspaceId: number, fileId: number): Promise<Gcode> {
      return presenter.toGcode(await viewFile(userId, workspaceId, fileId));
    },

    async updateFile(
      userId: number,
      workspaceId: number,
      fileId: number,
      input: GcodeUpdate,
    ): Promise<Gcode> {
      await changeFile(userId, workspaceId, fileId);
      await db.transaction().execute(async (trx) => {
        await files.updateFile(
          fileId,
          {
            ...(input.name !== undefined && {
              name: input.name,
              search_name: toSearchText(input.name),
            }),
            ...(input.note !== undefined && { note: input.note }),
            ...(input.filament_type !== undefined && { filament_type: input.filament_type }),
            ...(input.filament_color !== undefined && { filament_color: input.filament_color }),
          },
          trx,
        );
        if (input.fileLabels !== undefined) {
          const labelIds = await requireWorkspaceLabels(workspaceId, input.fileLabels, trx);
          await files.replaceLabels(fileId, labelIds, trx);
        }
      });
      return presenter.toGcode(await getFileRowOrThrow(workspaceId, fileId));
    },

    makePublic: (userId: number, workspaceId: number, fileId: number) =>
      setPublic(userId, workspaceId, fileId, true),

    makePrivate: (userId: number, workspaceId: number, fileId: number) =>
      setPublic(userId, workspaceId, fileId, false),

    /** What deleting the file takes with it, for the confirmation to say (VIEW_GROUP). */
    async getDeletionImpact(
      userId: number,
      workspaceId: number,
      fileId: number,
    ): Promise<GcodeDeletionImpact> {
      await viewFile(userId, workspaceId, fileId);
      return { queue_items: await files.countQueueItems(fileId) };
    },

    /** Rows first, in one transaction; then the bytes. A failed unlink leaves an orphan, never a row without bytes. */
    async deleteFile(userId: number, workspaceId: number, fileId: number): Promise<void> {
      const file = await changeFile(userId, workspaceId, fileId);
      const keys = await db.transaction().execute((trx) => files.deleteFile(file, trx));
      await storage.remove(keys).catch(() => undefined);
    },

    async createDownloadLink(
      userId: number,
      workspaceId: number,
      fileId: number,
    ): Promise<FileDownloadLink> {
      await viewFile(userId, workspaceId, fileId);
      const { token, expiresAt } = await downloadTokens.signDownloadToken({ fileId, userId });
      return {
        url: `/api/files/${fileId}/content/?token=${encodeURIComponent(token)}`,
        expires_at: expiresAt.toISOString(),
      };
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
