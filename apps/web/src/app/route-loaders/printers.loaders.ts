import { getPrinterGroupsQueryOptions } from '../../features/printer-list';
import { parseRouteId } from '../../lib/route-id';
import { getPrinterQueryOptions } from '../../shared/printers/api/get-printer';
import { getPrintersQueryOptions } from '../../shared/printers/api/get-printers';
import { prefetchInWorkspace } from './prefetch-in-workspace';

/** The Dashboard and Settings → Printers read the workspace's printers on first render. */
export const loadPrinterList = prefetchInWorkspace(({ workspace, prefetch }) => {
  prefetch.query(getPrintersQueryOptions(workspace.id));
});

/** Printers: the cards and their sections (the live states follow the page's own stream). */
export const loadPrintersPage = prefetchInWorkspace(({ workspace, prefetch }) => {
  prefetch.query(getPrintersQueryOptions(workspace.id));
  prefetch.query(getPrinterGroupsQueryOptions(workspace.id));
});

/** A printer's detail and its settings: the printer the address names. */
export const loadPrinterPage = prefetchInWorkspace(({ params, prefetch }) => {
  prefetch.query(getPrinterQueryOptions(parseRouteId(params.id)));
});
