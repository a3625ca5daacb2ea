import type { PrintQueueItem } from '@printdeck/shared';
import { describe, expect, it } from 'vitest';
import type { PrinterView } from '../../../shared/printers/model/printer-view';
import { getAutostartWait } from './autostart-wait';

const item = (patch: Partial<PrintQueueItem> = {}) =>
  ({
    jobox_autostart: true,
    state: 'TO_BE_PRINTED',
    is_starting: false,
    start_problem: null,
    waiting: null,
    printer: { id: 1, name: 'Prusa', jobox_enabled: true, enabled: true },
    file: { id: 1, name: 'part.gcode', filament_type: 'ABS', previewImages: [] },
    ...patch,
  }) as PrintQueueItem;

const view = (
  patch: Partial<PrinterView> = {},
  plate: 'clear' | 'in_use' | null = 'in_use',
  filament: PrinterView['printer']['filament_type'] = null,
) =>
  ({
    isOnline: true,
    printerState: 'READY_TO_PRINT',
    printer: { plate_state: plate, filament_type: filament },
    ...patch,
  }) as PrinterView;

describe('getAutostartWait', () => {
  it('tells a ready printer waits for its plate to be cleared', () => {
    expect(getAutostartWait(item(), view())).toEqual({
      code: 'plateNotCleared',
      printer: 'Prusa',
    });
  });

  it('tells a busy, an offline and a non-jobox printer apart', () => {
    expect(getAutostartWait(item(), view({ printerState: 'PRINTING' }))?.code).toBe('notReady');
    expect(getAutostartWait(item(), view({ isOnline: false }))?.code).toBe('offline');
    expect(getAutostartWait(item(), undefined)?.code).toBe('offline');
    const noJobox = item({
      printer: { id: 1, name: 'Prusa', jobox_enabled: false, enabled: true },
    });
    expect(getAutostartWait(noJobox, view())?.code).toBe('joboxOff');
    expect(getAutostartWait(item(), view({}, 'clear'))?.code).toBe('startsSoon');
  });

  it('tells an item whose filament the printer has not loaded never starts there by itself', () => {
    expect(getAutostartWait(item(), view({}, 'clear', 'PETG'))).toEqual({
      code: 'wrongFilament',
      printer: 'Prusa',
      loaded: 'PETG',
      needed: 'ABS',
    });
    const untyped = item({
      file: { id: 1, name: 'x.gcode', filament_type: null, previewImages: [] },
    });
    expect(getAutostartWait(untyped, view({}, 'clear', 'PETG'))?.code).toBe('wrongFilamentNoType');
    expect(getAutostartWait(item(), view({}, 'clear', 'ABS'))?.code).toBe('startsSoon');
  });

  it('says nothing of manual, starting, held or dispatched items', () => {
    expect(getAutostartWait(item({ jobox_autostart: false }), view())).toBeNull();
    expect(getAutostartWait(item({ is_starting: true }), view())).toBeNull();
    expect(getAutostartWait(item({ printer: null }), view())).toBeNull();
    expect(
      getAutostartWait(item({ waiting: { code: 'no_free_printer', filament_type: null } }), view()),
    ).toBeNull();
  });
});
