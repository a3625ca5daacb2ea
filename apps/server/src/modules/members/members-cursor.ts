import { z } from 'zod';
import { MEMBERS_PAGE_DEFAULT, type MembersListQuery } from '@printdeck/shared';
import { fieldError } from '../../http/app-error.js';
import type { MemberCursor } from './members.repository.js';

const CursorSchema = z.tuple([z.string().max(1000), z.number().int().positive()]);

export function encodeMemberCursor(cursor: MemberCursor): string {
  return Buffer.from(JSON.stringify([cursor.email, cursor.userId])).toString('base64url');
}

export function decodeMemberCursor(raw: string | undefined): MemberCursor | undefined {
  if (raw === undefined) return undefined;
  let json: unknown = null;
  try {
    json = JSON.parse(Buffer.from(raw, 'base64url').toString());
  } catch {
    // refused below
  }
  const parsed = CursorSchema.safeParse(json);
  if (!parsed.success) throw fieldError('querystring.cursor', 'Not a cursor from this list.');
  return { email: parsed.data[0], userId: parsed.data[1] };
}

/** The URL of the next page: the same size, the cursor after the last member shown. */
export function buildMembersNextUrl(
  workspaceId: number,
  query: MembersListQuery,
  after: MemberCursor,
): string {
  const params = new URLSearchParams();
  if (query.limit !== MEMBERS_PAGE_DEFAULT) params.set('limit', String(query.limit));
  params.set('cursor', encodeMemberCursor(after));
  return `/api/groups/${workspaceId}/users/?${params.toString()}`;
}
