import { getPrinterGroupsQueryOptions } from '../../features/printer-list';
import { getPrintersQueryOptions } from '../../shared/printers/api/get-printers';
import type { PageStart } from './prefetch-in-workspace';

/** The Dashboard and Settings → Printers read the workspace's printers on first render. */
export const startPrinterList: PageStart = ({ workspace, prefetch }) => {
  prefetch.query(getPrintersQueryOptions(workspace.id));
};

/** Printers: the cards and their sections (the live states follow the page's own stream). */
export const startPrintersPage: PageStart = ({ workspace, prefetch }) => {
  prefetch.query(getPrintersQueryOptions(workspace.id));
  prefetch.query(getPrinterGroupsQueryOptions(workspace.id));
};
