import type { TFunction } from 'i18next';
import type { PrinterView } from '../model/printer-view';

/** One sentence for a printer's problem (see PrinterView.problem), in the user's language. */
export function getProblemText(view: PrinterView, t: TFunction): string {
  const host = view.isKlipper ? 'Moonraker' : 'OctoPrint';
  switch (view.problem?.kind) {
    case 'keyRefused':
      return t('printers.problem.keyRefused');
    case 'hostUnreachable':
      return t('printers.problem.hostUnreachable', { host });
    case 'printerError':
      return t('printers.problem.printerError', { detail: view.problem.detail });
    default:
      return '';
  }
}
