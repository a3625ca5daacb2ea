import type { Readable } from 'node:stream';
import {
  GcodeNameSchema,
  GcodeUploadFieldsSchema,
  isHiddenOrSystemFileName,
} from '@printdeck/shared';
import { AppError, fieldError } from '../../http/app-error.js';
import { StorageLimitError, type FileStorage, type TempFile } from '../../storage/file-storage.js';

/** One part of a multipart form, as @fastify/multipart yields it. */
export type UploadPart =
  | { type: 'file'; fieldname: string; filename: string; file: Readable }
  | { type: 'field'; fieldname: string; value: unknown; valueTruncated: boolean };

interface ReceivedForm {
  temp?: TempFile;
  filename?: string;
  fields: Map<string, string>;
}

export interface UploadInput {
  temp: TempFile;
  name: string;
  note: string;
}

const FILE_FIELD = 'file';

export const tooLarge = (maxBytes: number) =>
  new AppError('payload_too_large', `The file is larger than ${maxBytes} bytes.`);

export const fileRefused = (reason: string) => fieldError(FILE_FIELD, reason);

/** Errors of the multipart reader, in this API's words. */
function toFormError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof StorageLimitError) return tooLarge(error.maxBytes);
  const code = (error as { code?: string }).code ?? '';
  if (code === 'FST_FILES_LIMIT') return fileRefused('Send one file per request.');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('payload_too_large', 'The form has too many fields.');
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError('unsupported_media_type', 'Send the file as multipart/form-data.');
  }
  // file-system trouble is ours (500); anything else is a broken or aborted form
  if (/^E[A-Z]+$/.test(code)) return error;
  return fileRefused('The upload is not a complete multipart form.');
}

/**
 * Reads the form: the `file` part streams into a temp file (counted, hashed, capped), the
 * text fields are kept. On any failure the temp file is gone before the error leaves.
 */
export async function receiveUploadForm(
  parts: AsyncIterable<UploadPart>,
  storage: FileStorage,
  maxBytes: number,
): Promise<ReceivedForm> {
  const form: ReceivedForm = { fields: new Map() };
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== FILE_FIELD) throw fieldError(part.fieldname, 'Unknown field.');
        form.filename = part.filename;
        form.temp = await storage.receive(part.file, maxBytes);
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

/**
 * The kinds of file the product reads: text G-code under its usual names, binary G-code, and a
 * sliced 3MF (`.gcode.3mf`, or `.3mf` as some slicers export it; issue 25).
 */
const PRINT_FILE_NAME = /\.(gcode|gco|g|bgcode|3mf)$/i;

/**
 * The spec's rules on what was sent (part 2 §4.2, §5): a file, not hidden or system, larger
 * than 1000 bytes, with a usable name (the name field, else the file's own name, cleaned).
 */
export function readUploadInput(form: ReceivedForm, minBytes: number): UploadInput {
  const fields = GcodeUploadFieldsSchema.safeParse(Object.fromEntries(form.fields));
  if (!fields.success) {
    const issue = fields.error.issues[0]!;
    const field = String(issue.path[0] ?? (issue as { keys?: string[] }).keys?.[0] ?? '(body)');
    throw fieldError(field, issue.code === 'unrecognized_keys' ? 'Unknown field.' : issue.message);
  }
  if (!form.temp) throw fileRefused('G-code not selected or invalid.');
  const filename = GcodeNameSchema.safeParse(form.filename ?? '');
  if (filename.success && isHiddenOrSystemFileName(filename.data)) {
    throw fileRefused('Hidden or system files are not accepted.');
  }
  // issue 23: `evil.html` was stored as G-code; the content check alone lets any text in
  if (filename.success && !PRINT_FILE_NAME.test(filename.data)) {
    throw fileRefused('Only G-code files are accepted: .gcode, .gco, .g, .bgcode or .gcode.3mf.');
  }
  if (form.temp.size < minBytes) {
    throw fileRefused(`The file must be larger than ${minBytes - 1} bytes.`);
  }
  const name = fields.data.name ?? (filename.success ? filename.data : undefined);
  if (name === undefined) throw fileRefused('The file name is empty or not valid.');
  return { temp: form.temp, name, note: fields.data.note ?? '' };
}
