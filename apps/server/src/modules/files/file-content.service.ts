import type { Readable } from 'node:stream';
import { AppError, tokenNotValid } from '../../http/app-error.js';
import type { FileStorage } from '../../storage/file-storage.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { DownloadTokens } from './download-tokens.js';
import { gcodeNotFound } from './file-errors.js';
import type { FileRow, FilesRepository } from './files.repository.js';

interface Deps {
  files: FilesRepository;
  workspaces: WorkspacesService;
  storage: FileStorage;
  downloadTokens: DownloadTokens;
}

export interface StoredContent {
  stream: Readable;
  size: number;
  contentType: string;
}

const CONTENT_TYPES = {
  gcode: 'text/x.gcode',
  bgcode: 'application/x.bgcode',
  'gcode.3mf': 'application/vnd.ms-package.3dmanufacturing-3dmodel+xml',
} as const;
const IMAGE_TYPES = { png: 'image/png', jpg: 'image/jpeg' } as const;

/** The server chooses the download name: the file's name with the extension of its real format. */
export function toDownloadName(file: Pick<FileRow, 'name' | 'format'>): string {
  const extension = `.${file.format}`;
  return file.name.toLowerCase().endsWith(extension) ? file.name : `${file.name}${extension}`;
}

/** Bytes reached by file id alone: downloads (token or public) and previews (members). */
export function createFileContentService({ files, workspaces, storage, downloadTokens }: Deps) {
  /** Someone who is no longer a member gets the same 404 as for a file that does not exist. */
  async function requireViewer(userId: number, workspaceId: number): Promise<void> {
    try {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'VIEW_GROUP');
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') throw gcodeNotFound();
      throw error;
    }
  }

  async function requireDownloadToken(fileId: number, file: FileRow | undefined, token?: string) {
    if (token === undefined) throw gcodeNotFound();
    const claims = await downloadTokens.verifyDownloadToken(token);
    if (!claims || claims.fileId !== fileId) {
      throw tokenNotValid('The download link is invalid or has expired.');
    }
    if (!file) throw gcodeNotFound();
    await requireViewer(claims.userId, file.workspace_id);
  }

  async function openStored(key: string, contentType: string): Promise<StoredContent> {
    const stored = await storage.openRead(key);
    if (!stored) throw gcodeNotFound();
    return { ...stored, contentType };
  }

  return {
    /** A public file opens for anyone; a private one needs a valid link for it, of a member. */
    async openContent(
      fileId: number,
      token?: string,
    ): Promise<StoredContent & { downloadName: string }> {
      const file = await files.findFileById(fileId);
      if (file?.is_public !== 1) await requireDownloadToken(fileId, file, token);
      if (!file) throw gcodeNotFound();
      const content = await openStored(file.storage_key, CONTENT_TYPES[file.format]);
      return { ...content, downloadName: toDownloadName(file) };
    },

    async openPreview(userId: number, fileId: number, previewId: number): Promise<StoredContent> {
      const preview = await files.findPreview(fileId, previewId);
      if (!preview) throw gcodeNotFound();
      await requireViewer(userId, preview.workspace_id);
      return openStored(preview.storage_key, IMAGE_TYPES[preview.format]);
    },
  };
}

export type FileContentService = ReturnType<typeof createFileContentService>;
