import { z } from 'zod';
import {
  FILES_PAGE_SIZE_DEFAULT,
  GCODE_ORDERING_DEFAULT,
  GCODE_ORDERINGS,
  UNCATEGORIZED,
  type GcodeListQuery,
  type GcodeOrdering,
} from '@printdeck/shared';
import { fieldError } from '../../http/app-error.js';
import type { FileOrder, FileOrderColumn, PageCursor } from './files.repository.js';

/** How names are folded for search, on both sides: Unicode-aware, unlike SQLite's lower(). */
export const toSearchText = (text: string) => text.normalize('NFKC').toLowerCase();

/** A case-insensitive substring pattern; the user's % and _ match themselves. */
export function toSearchPattern(search: string | undefined): string | undefined {
  const text = toSearchText(search?.trim() ?? '');
  return text === '' ? undefined : `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/** The label ids asked for, 'none' for UNCATEGORIZED / noLabels=true, or undefined for all. */
export function readLabelFilter(
  query: Pick<GcodeListQuery, 'labels' | 'noLabels'>,
): number[] | 'none' | undefined {
  const isUncategorized = query.labels === UNCATEGORIZED;
  if (query.noLabels === 'true' && query.labels !== undefined && !isUncategorized) {
    throw fieldError('querystring.noLabels', 'Use either labels or noLabels=true, not both.');
  }
  if (isUncategorized || query.noLabels === 'true') return 'none';
  return query.labels?.split(',').map(Number);
}

const ORDER_COLUMNS: Record<string, FileOrderColumn> = {
  uploaded_on: 'uploaded_on',
  name: 'search_name',
  size: 'size',
};

/** "-size" → size, descending; names sort case-insensitively (by the folded name). */
export function toFileOrder(ordering: GcodeOrdering): FileOrder {
  const isDescending = ordering.startsWith('-');
  const column = ORDER_COLUMNS[isDescending ? ordering.slice(1) : ordering];
  if (!column) throw fieldError('querystring.ordering', `One of ${GCODE_ORDERINGS.join(', ')}.`);
  return { column, direction: isDescending ? 'desc' : 'asc' };
}

/** A cursor names its ordering: one from another order would skip or repeat rows. */
const CursorSchema = z.tuple([
  z.enum(GCODE_ORDERINGS),
  z.union([z.string().max(1000), z.number().int().nonnegative()]),
  z.number().int().positive(),
]);

export function encodeCursor(ordering: GcodeOrdering, cursor: PageCursor): string {
  return Buffer.from(JSON.stringify([ordering, cursor.value, cursor.id])).toString('base64url');
}

export function decodeCursor(
  raw: string | undefined,
  ordering: GcodeOrdering,
): PageCursor | undefined {
  if (raw === undefined) return undefined;
  const parsed = CursorSchema.safeParse(
    (() => {
      try {
        return JSON.parse(Buffer.from(raw, 'base64url').toString()) as unknown;
      } catch {
        return null;
      }
    })(),
  );
  const expectsNumber = toFileOrder(ordering).column === 'size';
  if (
    !parsed.success ||
    parsed.data[0] !== ordering ||
    typeof parsed.data[1] !== (expectsNumber ? 'number' : 'string')
  ) {
    throw fieldError('querystring.cursor', 'Not a cursor from this list.');
  }
  return { value: parsed.data[1], id: parsed.data[2] };
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
  if (query.ordering !== GCODE_ORDERING_DEFAULT) params.set('ordering', query.ordering);
  if (query.limit !== FILES_PAGE_SIZE_DEFAULT) params.set('limit', String(query.limit));
  params.set('cursor', encodeCursor(query.ordering, after));
  return `/api/groups/${workspaceId}/files/?${params.toString()}`;
}
