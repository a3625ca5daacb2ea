import {
  GcodeParseError,
  type GcodeMetadata,
  type GcodeReadLimits,
  type MetadataPool,
  type ThreeMfMetadata,
} from '@printdeck/gcode';
import type { Gcode } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { FileStorage, TempFile } from '../../storage/file-storage.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { FilesRepository } from './files.repository.js';
import { toSearchText } from './files-list-query.js';
import type { GcodePresenter } from './gcode-response.js';
import { describeGcodeProblem, isBgcode, isZip, looksLikeText } from './upload-checks.js';
import {
  fileRefused,
  readUploadInput,
  receiveUploadForm,
  tooLarge,
  type UploadInput,
  type UploadPart,
} from './upload-form.js';

export interface UploadLimits {
  /** a file of more bytes is refused with 413 while it streams */
  maxBytes: number;
  /** a file of fewer bytes is refused (spec: 1000 bytes or less are not accepted) */
  minBytes: number;
}

interface Deps {
  db: Db;
  files: FilesRepository;
  workspaces: WorkspacesService;
  storage: FileStorage;
  presenter: GcodePresenter;
  clock: Clock;
  /** reads print files on worker threads with time and pixel budgets */
  metadataPool: MetadataPool;
  limits: UploadLimits;
}

/** A print file's metadata: G-code, binary G-code, or a sliced 3MF with its plates. */
type ReadMetadata = GcodeMetadata | ThreeMfMetadata;

const SAMPLE_BYTES = 64 * 1024;

/** The first plate's model and filaments, kept as the file's `slice_info` (issue 25). */
const toSliceInfoText = ({ printer_model_id, filaments }: ThreeMfMetadata): string =>
  JSON.stringify({ printer_model_id, filaments });
/** Room for the form around the file: boundaries, part headers, the name and note fields. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * Uploads (spec part 2 §4.2, checklist C28–C32): the file streams into a temp file while it is
 * counted and hashed, is checked, has its metadata read, and only then is moved into place
 * and recorded in one transaction. Every way out before that removes the temp file.
 */
export function createFileUploadService(deps: Deps) {
  const { db, files, workspaces, storage, presenter, clock, metadataPool, limits } = deps;
  /** The reader's defaults unless a test lifts a budget to watch a long read. */
  const readLimits: Partial<GcodeReadLimits> = {};

  /** What the reader says, and for a `.gcode.3mf` its sliced plates. */
  async function readMetadata(temp: TempFile): Promise<ReadMetadata> {
    const head = await storage.readSample(temp, 0, SAMPLE_BYTES);
    // a zip is read as a sliced 3MF on the same worker pool, within the zip's byte budgets
    if (isZip(head))
      return readOnPool(() => metadataPool.read3mf(temp.path, { limits: readLimits }));
    if (!isBgcode(head)) {
      const tail = await storage.readSample(
        temp,
        Math.max(0, temp.size - SAMPLE_BYTES),
        SAMPLE_BYTES,
      );
      if (!looksLikeText(head) || !looksLikeText(tail)) {
        throw fileRefused('The file is neither text G-code nor binary G-code (.bgcode).');
      }
    }
    return readOnPool(() => metadataPool.read(temp.path, { limits: readLimits }));
  }

  async function readOnPool<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      const problem =
        error instanceof GcodeParseError ? describeGcodeProblem(error.code) : undefined;
      if (problem) throw fileRefused(problem);
      throw error;
    }
  }

  /** Bytes and previews go into place first; if the rows then fail, they are removed again. */
  async function storeFile(
    workspaceId: number,
    userId: number,
    upload: UploadInput,
    metadata: ReadMetadata,
  ): Promise<number> {
    const fileKey = storage.newKey('files', workspaceId);
    const previews = metadata.thumbnails.map((thumbnail, position) => ({
      thumbnail,
      row: {
        position,
        width: thumbnail.width,
        height: thumbnail.height,
        format: thumbnail.format,
        storage_key: storage.newKey('previews', workspaceId, thumbnail.format),
      },
    }));
    const placed: string[] = [];
    try {
      await storage.publish(upload.temp, fileKey);
      placed.push(fileKey);
      for (const { thumbnail, row } of previews) {
        await storage.writeObject(row.storage_key, thumbnail.data);
        placed.push(row.storage_key);
      }
      const file = {
        workspace_id: workspaceId,
        name: upload.name,
        search_name: toSearchText(upload.name),
        note: upload.note,
        size: upload.temp.size,
        sha256: upload.temp.sha256,
        format: metadata.format,
        storage_key: fileKey,
        is_public: 0,
        filament_type: metadata.filament_type,
        filament_color: null,
        uploaded_by_id: userId,
        uploaded_on: clock.now().toISOString(),
        slicer: metadata.slicer,
        printing_time_sec: metadata.printing_time_sec,
        layer_height_mm: metadata.layer_height_mm,
        filament_used_mm: metadata.filament_used_mm,
        filament_used_g: metadata.filament_used_g,
        filament_used_g_per_tool: metadata.filament_used_g_per_tool
          ? JSON.stringify(metadata.filament_used_g_per_tool)
          : null,
        nozzle_diameter_mm: metadata.nozzle_diameter_mm,
        plates: 'plates' in metadata ? JSON.stringify(metadata.plates) : null,
        slice_info: 'plates' in metadata ? toSliceInfoText(metadata) : null,
      };
      const rows = previews.map((preview) => preview.row);
      return await db.transaction().execute((trx) => files.insertFile(file, rows, trx));
    } catch (error) {
      await storage.remove(placed);
      throw error;
    }
  }

  return {
    limits,
    readLimits,

    /** `declaredBytes` (Content-Length) lets an oversized upload be refused before it is read. */
    async uploadFile(
      userId: number,
      workspaceId: number,
      request: { parts: AsyncIterable<UploadPart>; declaredBytes: number },
    ): Promise<Gcode> {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'UPLOAD_FILE');
      if (request.declaredBytes > limits.maxBytes + FORM_OVERHEAD_BYTES) {
        throw tooLarge(limits.maxBytes);
      }
      const form = await receiveUploadForm(request.parts, storage, limits.maxBytes);
      try {
        const upload = readUploadInput(form, limits.minBytes);
        const metadata = await readMetadata(upload.temp);
        const id = await storeFile(workspaceId, userId, upload, metadata);
        const row = await files.findFile(workspaceId, id);
        return presenter.toGcode(row!);
      } finally {
        // after a successful publish the temp file is already gone; this is then a no-op
        if (form.temp) await storage.discard(form.temp);
      }
    },

    /** Removes temp files of uploads that died with an earlier process. */
    sweepStaleUploads: (maxAgeMs: number) =>
      storage.sweepStaleTemp(maxAgeMs, clock.now().getTime()),
  };
}

export type FileUploadService = ReturnType<typeof createFileUploadService>;
