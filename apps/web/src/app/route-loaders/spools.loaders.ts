import { getSpoolQueryOptions } from '../../features/spools';
import { parseRouteId } from '../../lib/route-id';
import { DEFAULT_SPOOL_FILTER, getSpoolsQueryOptions } from '../../shared/spools/api/get-spools';
import { prefetchInWorkspace } from './prefetch-in-workspace';

/** Spools: the inventory as the page first filters it. */
export const loadSpoolsPage = prefetchInWorkspace(({ workspace, prefetch }) => {
  prefetch.query(getSpoolsQueryOptions(workspace.id, DEFAULT_SPOOL_FILTER));
});

/** One spool's page. */
export const loadSpoolPage = prefetchInWorkspace(({ workspace, params, prefetch }) => {
  prefetch.query(getSpoolQueryOptions(workspace.id, parseRouteId(params.id)));
});
