import { API_BASE } from './client';

/**
 * The path of a list's following page, for `getNextPageParam`: the server's `next` names it with
 * the API base included, the client adds the base itself. `undefined` on the last page.
 */
export function nextPagePath(page: { next?: string | null }): string | undefined {
  if (!page.next) return undefined;
  return page.next.startsWith(`${API_BASE}/`) ? page.next.slice(API_BASE.length) : page.next;
}
