import { z } from 'zod';
import { FILES_PAGE_SIZE_DEFAULT, UNCATEGORIZED, type GcodeListQuery } from '@printdeck/shared';
import { fieldError } from '../../http/app-error.js';
import type { PageCursor } from './files.repository.js';

/** How names are folded for search, on both sides: Unicode-aware, unlike SQLite's lower(). */
export const toSearchText = (text: string) => text.normalize('NFKC').toLowerCase();

/** A case-insensitive substring pattern; the user's % and _ match themselves. */
export function toSearchPattern(search: string | undefined): string | undefined {
  const text = toSearchText(search?.trim() ?? '');
  return text === '' ? undefined : `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/** The label ids asked for, 'none' for UNCATEGORIZED / noLabels=true, or undefined for all. */
export function readLabelFilter(query: GcodeListQuery): number[] | 'none' | undefined {
  const isUncategorized = query.labels === UNCATEGORIZED;
  if (query.noLabels === 'true' && query.labels !== undefined && !isUncategorized) {
    throw fieldError('querystring.noLabels', 'Use either labels or noLabels=true, not both.');
  }
  if (isUncategorized || query.noLabels === 'true') return 'none';
  return query.labels?.split(',').map(Number);
}

const CursorSchema = z.tuple([z.string().max(40), z.number().int().positive()]);

export function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify([cursor.uploadedOn, cursor.id])).toString('base64url');
}

export function decodeCursor(raw: string | undefined): PageCursor | undefined {
  if (raw === undefined) return undefined;
  try {
    const [uploadedOn, id] = CursorSchema.parse(
      JSON.parse(Buffer.from(raw, 'base64url').toString()),
    );
    return { uploadedOn, id };
  } catch {
    throw fieldError('querystring.cursor', 'Not a cursor from this list.');
  }
}

/** The URL of the next page: the same filters, the cursor after the last row shown. */
export function buildNextUrl(
  workspaceId: number,
  query: GcodeListQuery,
  after: PageCursor,
): string {
  const params = new URLSearchParams();
  if (query.labels !== undefined) params.set('labels', query.labels);
  if (query.noLabels !== undefined) params.set('noLabels', query.noLabels);
  if (query.search !== undefined) params.set('search', query.search);
  if (query.limit !== FILES_PAGE_SIZE_DEFAULT) params.set('limit', String(query.limit));
  params.set('cursor', encodeCursor(after));
  return `/api/groups/${workspaceId}/files/?${params.toString()}`;
}
