import type { Readable } from 'node:stream';
import { GcodeParseError, readGcodeMetadata, type GcodeMetadata } from '@printdeck/gcode';
import {
  GcodeNameSchema,
  GcodeUploadFieldsSchema,
  isHiddenOrSystemFileName,
  type Gcode,
} from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { AppError, fieldError } from '../../http/app-error.js';
import { StorageLimitError, type FileStorage, type TempFile } from '../../storage/file-storage.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { FilesRepository } from './files.repository.js';
import { toSearchText } from './files-list-query.js';
import type { GcodePresenter } from './gcode-response.js';
import { describeGcodeProblem, isBgcode, looksLikeText } from './upload-checks.js';

/** One part of a multipart form, as @fastify/multipart yields it. */
export type UploadPart =
  | { type: 'file'; fieldname: string; filename: string; file: Readable }
  | { type: 'field'; fieldname: string; value: unknown; valueTruncated: boolean };

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
  limits: UploadLimits;
}

interface ReceivedForm {
  temp?: TempFile;
  filename?: string;
  fields: Map<string, string>;
}

const SAMPLE_BYTES = 64 * 1024;
const FILE_FIELD = 'file';

const notSelected = () => fieldError(FILE_FIELD, 'G-code not selected or invalid.');
const tooLarge = (maxBytes: number) =>
  new AppError('payload_too_large', `The file is larger than ${maxBytes} bytes.`);

/** Errors of the multipart reader, in this API's words. */
function toFormError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof StorageLimitError) return tooLarge(error.maxBytes);
  const code = (error as { code?: string }).code ?? '';
  if (code === 'FST_FILES_LIMIT') return fieldError(FILE_FIELD, 'Send one file per request.');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('payload_too_large', 'The form has too many fields.');
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError('unsupported_media_type', 'Send the file as multipart/form-data.');
  }
  // file-system trouble is ours (500); anything else is a broken or aborted form
  if (/^E[A-Z]+$/.test(code)) return error;
  return fieldError(FILE_FIELD, 'The upload is not a complete multipart form.');
}

/**
 * Uploads (spec part 2 §4.2, checklist C28–C32): the file streams into a temp file while it is
 * counted and hashed, is checked, has its metadata read, and only then is moved into place
 * and recorded in one transaction. Every way out before that removes the temp file.
 */
export function createFileUploadService(deps: Deps) {
  const { db, files, workspaces, storage, presenter, clock, limits } = deps;

  async function receiveForm(parts: AsyncIterable<UploadPart>): Promise<ReceivedForm> {
    const form: ReceivedForm = { fields: new Map() };
    try {
      for await (const part of parts) {
        if (part.type === 'file') {
          if (part.fieldname !== FILE_FIELD) throw fieldError(part.fieldname, 'Unknown field.');
          form.filename = part.filename;
          form.temp = await storage.receive(part.file, limits.maxBytes);
        } else {
          if (form.fields.has(part.fieldname)) throw fieldError(part.fieldname, 'Sent twice.');
          if (part.valueTruncated) throw fieldError(part.fieldname, 'Too long.');
          form.fields.set(part.fieldname, String(part.value));
        }
      }
      return form;
    } catch (error) {
      if (form.temp) await storage.discard(form.temp);
      throw toFormError(error);
    }
  }

  function readFields(form: ReceivedForm) {
    const fields = GcodeUploadFieldsSchema.safeParse(Object.fromEntries(form.fields));
    if (!fields.success) {
      const issue = fields.error.issues[0]!;
      const field = String(issue.path[0] ?? (issue as { keys?: string[] }).keys?.[0] ?? '(body)');
      throw fieldError(field, issue.code === 'unrecognized_keys' ? 'Unknown field.' : issue.message);
    }
    if (!form.temp) throw notSelected();
    const filename = GcodeNameSchema.safeParse(form.filename ?? '');
    if (filename.success && isHiddenOrSystemFileName(filename.data)) {
      throw fieldError(FILE_FIELD, 'Hidden or system files are not accepted.');
    }
    if (form.temp.size < limits.minBytes) {
      throw fieldError(FILE_FIELD, `The file must be larger than ${limits.minBytes - 1} bytes.`);
    }
    const name = fields.data.name ?? (filename.success ? filename.data : undefined);
    if (name === undefined) throw fieldError(FILE_FIELD, 'The file name is empty or not valid.');
    return { temp: form.temp, name, note: fields.data.note ?? '' };
  }

  async function readMetadata(temp: TempFile): Promise<GcodeMetadata> {
    const head = await storage.readSample(temp, 0, SAMPLE_BYTES);
    if (!isBgcode(head)) {
      const tail = await storage.readSample(temp, Math.max(0, temp.size - SAMPLE_BYTES), SAMPLE_BYTES);
      if (!looksLikeText(head) || !looksLikeText(tail)) {
        throw fieldError(FILE_FIELD, 'The file is neither text G-code nor binary G-code (.bgcode).');
      }
    }
    try {
      return await readGcodeMetadata(temp.path);
    } catch (error) {
      const problem = error instanceof GcodeParseError ? describeGcodeProblem(error.code) : undefined;
      if (problem) throw fieldError(FILE_FIELD, problem);
      throw error;
    }
  }

  /** Bytes and previews go into place first; if the rows then fail, they are removed again. */
  async function storeFile(
    workspaceId: number,
    userId: number,
    upload: { temp: TempFile; name: string; note: string },
    metadata: GcodeMetadata,
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
        nozzle_diameter_mm: metadata.nozzle_diameter_mm,
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

    async uploadFile(
      userId: number,
      workspaceId: number,
      parts: AsyncIterable<UploadPart>,
    ): Promise<Gcode> {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'UPLOAD_FILE');
      const form = await receiveForm(parts);
      try {
        const upload = readFields(form);
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
    sweepStaleUploads: (maxAgeMs: number) => storage.sweepStaleTemp(maxAgeMs),
  };
}

export type FileUploadService = ReturnType<typeof createFileUploadService>;
