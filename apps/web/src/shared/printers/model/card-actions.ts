import type { PrinterView } from './printer-view';

/** What the card offers (spec part 1 §4 "Card actions by state"), besides Print and Re-print. */
export type CardAction = 'loading' | 'pause' | 'cancel' | 'powerOn' | 'connect';

export interface CardActionInput {
  view: PrinterView;
  isChangingState: boolean;
  canOperate: boolean;
}

export function getCardActions({
  view,
  isChangingState,
  canOperate,
}: CardActionInput): CardAction[] {
  if (isChangingState) return ['loading'];
  if (!canOperate) return [];
  if (view.printerState === 'PRINTING') return ['pause', 'cancel'];
  if (view.printerState === 'PRINTER_NOT_PAIRED' && view.isOnline) {
    const action = getReconnectAction(view);
    return action ? [action] : [];
  }
  return [];
}

/**
 * The way back for an online device not connected to its printer (spec part 1 §4): Power on
 * while its relay may have the printer off, Connect otherwise. A printer disconnected while
 * its relay reports it on needs Connect, not Power on. Nothing while the device cannot reach
 * its host (the relay is the host's too) or the printer reported an error that someone must
 * look at first (the detail page offers the reconnect after that).
 */
export function getReconnectAction(view: PrinterView): 'powerOn' | 'connect' | null {
  if (view.problem) return null;
  return view.hasPowerRelay && view.isPoweredOn !== true ? 'powerOn' : 'connect';
}

/** READY_TO_PRINT with OPERATE_PRINTERS offers Re-print and Print (spec part 1 §4). */
export function canPrintFromCard({ view, isChangingState, canOperate }: CardActionInput): boolean {
  return !isChangingState && canOperate && view.printerState === 'READY_TO_PRINT';
}

/** Emergency stop sits in the card's menu while the device is paired. */
export function canEmergencyStopFromMenu({ view, canOperate }: CardActionInput): boolean {
  return canOperate && view.actions.canEmergencyStop;
}
