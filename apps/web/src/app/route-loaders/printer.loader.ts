import { getPrinterQueryOptions } from '../../shared/printers/api/get-printer';
import type { PageStart } from './prefetch-in-workspace';

/** A printer's detail and its settings: the printer the address names. */
export const startPrinterPage: PageStart = ({ id, prefetch }) => {
  prefetch.query(getPrinterQueryOptions(id));
};
