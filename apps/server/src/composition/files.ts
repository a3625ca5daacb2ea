import { createMetadataPool } from '@printdeck/gcode';
import { LIMITS } from '@printdeck/shared';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import type { DialectName } from '../db/migrations/migration-helpers.js';
import type { FileStorage } from '../storage/file-storage.js';
import { createFileLabelsRepository } from '../modules/file-labels/file-labels.repository.js';
import { createFileLabelsService } from '../modules/file-labels/file-labels.service.js';
import type { WorkspacesService } from '../modules/workspaces/workspaces.service.js';
import { createDownloadTokens } from '../modules/files/download-tokens.js';
import { createFileContentService } from '../modules/files/file-content.service.js';
import { createFileUploadService } from '../modules/files/file-upload.service.js';
import { createFilesRepository } from '../modules/files/files.repository.js';
import { createFilesService } from '../modules/files/files.service.js';
import { createGcodePresenter } from '../modules/files/gcode-response.js';

/** Files, uploads, downloads and labels: the part of the composition root that owns the file store. */
export function createFileServices(deps: {
  db: Db;
  dialect: DialectName;
  clock: Clock;
  workspaces: WorkspacesService;
  storage: FileStorage;
  jwtSecret: string;
}) {
  const { db, clock, workspaces } = deps;
  const files = createFilesRepository(db, deps.dialect);
  const labels = createFileLabelsRepository(db);
  const { storage } = deps;
  const presenter = createGcodePresenter(files);
  const downloadTokens = createDownloadTokens(deps.jwtSecret, clock);
  // Print files are read on worker threads, so no upload can stall the event loop (issue 23).
  const metadataPool = createMetadataPool();
  return {
    files: createFilesService({
      db,
      files,
      labels,
      workspaces,
      storage,
      presenter,
      downloadTokens,
    }),
    fileUploads: createFileUploadService({
      db,
      files,
      workspaces,
      storage,
      presenter,
      clock,
      metadataPool,
      limits: { maxBytes: LIMITS.uploadMaxBytes, minBytes: LIMITS.uploadMinBytes },
    }),
    fileContent: createFileContentService({ files, workspaces, storage, downloadTokens }),
    fileLabels: createFileLabelsService({ db, labels, workspaces, clock }),
    /** for print jobs, which hand devices a signed link to a file */
    filesRepository: files,
    downloadTokens,
    /** ended when the server stops */
    metadataPool,
  };
}

export type FileServices = ReturnType<typeof createFileServices>;
