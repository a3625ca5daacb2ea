import type { FetchInfiniteQueryOptions, FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import type { Workspace } from '@printdeck/shared';
import type { LoaderFunctionArgs } from 'react-router';
import { parseRouteId } from '../../lib/route-id';
import { getSelectedWorkspaceId } from '../../session/selected-workspace';
import { isSignedIn } from '../../session/session';
import { findSelectedWorkspace } from '../../features/workspaces/find-selected-workspace';
import { getMyWorkspacesQueryOptions } from '../../shared/workspaces/api/get-my-workspaces';
import { queryClient } from '../query-client';

/** What a page's loader starts: its first queries, through the options its hooks use. */
export interface PagePrefetch {
  query<T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K> & Switchable): void;
  infiniteQuery<T, K extends QueryKey, P>(
    options: FetchInfiniteQueryOptions<T, Error, T, K, P> & Switchable,
  ): void;
}

/** A page's query options may turn the query off (`enabled`), which prefetching ignores. */
interface Switchable {
  enabled?: unknown;
}

// a query the page would not run (a bad id in the address) is not fetched for it either:
// prefetchQuery itself ignores `enabled`
const isEnabled = (options: Switchable) => options.enabled !== false;

const prefetch: PagePrefetch = {
  query: (options) => {
    if (isEnabled(options)) void queryClient.prefetchQuery(options);
  },
  infiniteQuery: (options) => {
    if (isEnabled(options)) void queryClient.prefetchInfiniteQuery(options);
  },
};

async function findWorkspace(): Promise<Workspace | undefined> {
  if (!isSignedIn()) return undefined;
  const workspaces = await queryClient.ensureQueryData(getMyWorkspacesQueryOptions());
  return findSelectedWorkspace(workspaces, getSelectedWorkspaceId());
}

/** What a data page's loader module (route-loaders/*.loader.ts) gets to start its queries. */
export interface PageToLoad {
  workspace: Workspace;
  /** the id the route's `:id` names, 0 when it names none (or the route has none) */
  id: number;
  /** the address opened: its query holds the page's filter */
  url: URL;
  prefetch: PagePrefetch;
}

/** A data page's loader module: starts the page's first queries. */
export type PageStart = (page: PageToLoad) => void;

/**
 * The loader of a page in the workspace's shell: the page's first queries start beside the
 * page's code instead of after its first render. It never waits for them and never fails:
 * a refused or missing object (403, 404) stays in the query, where the page explains it as it
 * would without the loader; the shell's own loader (requireWorkspace) decides the redirects.
 * It lives in the entry beside the guards (whose imports it shares), so that a page's loader
 * module holds only that page's queries: one small file more per page, not three.
 */
export function prefetchInWorkspace(start: PageStart) {
  return async ({ params, request }: LoaderFunctionArgs): Promise<null> => {
    const workspace = await findWorkspace().catch(() => undefined);
    if (!workspace) return null;
    start({ workspace, id: parseRouteId(params.id), url: new URL(request.url), prefetch });
    return null;
  };
}
