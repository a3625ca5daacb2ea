import { getPrintQueueQueryOptions } from '../../features/print-queue';
import { getPrintersQueryOptions } from '../../shared/printers/api/get-printers';
import type { PageStart } from './prefetch-in-workspace';

/** The print queue's boxes at their first length and the printers they name. */
export const startPrintQueuePage: PageStart = ({ workspace, prefetch }) => {
  // a member who may not print sees why instead: the page asks for nothing
  if (!workspace.me.permissions.includes('OPERATE_PRINTERS')) return;
  prefetch.query(getPrintQueueQueryOptions(workspace.id));
  prefetch.query(getPrintersQueryOptions(workspace.id));
};
