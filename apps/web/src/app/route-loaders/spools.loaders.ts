import { getSpoolQueryOptions } from '../../features/spools';
import { DEFAULT_SPOOL_FILTER, getSpoolsQueryOptions } from '../../shared/spools/api/get-spools';
import type { PageStart } from './prefetch-in-workspace';

/** Spools: the inventory as the page first filters it. */
export const startSpoolsPage: PageStart = ({ workspace, prefetch }) => {
  prefetch.query(getSpoolsQueryOptions(workspace.id, DEFAULT_SPOOL_FILTER));
};

/** One spool's page. */
export const startSpoolPage: PageStart = ({ workspace, id, prefetch }) => {
  prefetch.query(getSpoolQueryOptions(workspace.id, id));
};
