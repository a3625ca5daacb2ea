import { describe, expect, it } from 'vitest';
import {
  getPrinterHints,
  toSingleSelection,
  togglePrinter,
  validatePrint,
  type PrintTarget,
} from './print-validation';
import { classifyStartFailure, summarizeStartFailures } from './print-start-errors';

const ready = (filamentType: PrintTarget['filamentType'] = null): PrintTarget => ({
  printerState: 'READY_TO_PRINT',
  filamentType,
});
const printing: PrintTarget = { printerState: 'PRINTING', filamentType: 'PLA' };

describe('validatePrint (spec part 1 §5, in order)', () => {
  it('needs a printer first', () => {
    expect(validatePrint([], 'PLA')).toBe('validationErrorNoPrinterSelected');
  });
  it('then every printer ready, before filament', () => {
    expect(validatePrint([ready('PETG'), printing], 'PLA')).toBe(
      'validationErrorNotAllPrintersReady',
    );
  });
  it('then the filament of printers that have one set', () => {
    expect(validatePrint([ready('PLA'), ready('PETG')], 'PLA')).toBe(
      'validationErrorNotAllPrintersCorrectFilament',
    );
    expect(validatePrint([ready('PLA')], null)).toBe(
      'validationErrorNotAllPrintersCorrectFilament',
    );
  });
  it('passes ready printers with the file filament or none set', () => {
    expect(validatePrint([ready('PLA'), ready(null)], 'PLA')).toBeNull();
    expect(validatePrint([ready(null)], null)).toBeNull();
  });
});

describe('getPrinterHints', () => {
  it('tells not ready and filament mismatch', () => {
    expect(getPrinterHints(printing, 'PETG')).toEqual(['notReady', 'filamentMismatch']);
    expect(getPrinterHints(ready('PLA'), 'PLA')).toEqual([]);
    expect(getPrinterHints(ready(null), 'PLA')).toEqual([]);
  });
  it('says nothing of filament before a file is chosen', () => {
    expect(getPrinterHints(ready('PLA'), undefined)).toEqual([]);
  });
});

describe('togglePrinter', () => {
  it('replaces the choice in single mode', () => {
    expect(togglePrinter([1], 2, false)).toEqual([2]);
    expect(togglePrinter([2], 2, false)).toEqual([]);
  });
  it('adds and removes in multiple mode', () => {
    expect(togglePrinter([1], 2, true)).toEqual([1, 2]);
    expect(togglePrinter([1, 2], 1, true)).toEqual([2]);
  });
  it('keeps the first choice when leaving multiple mode', () => {
    expect(toSingleSelection([3, 4])).toEqual([3]);
  });
});

describe('start failures (spec part 1 §8)', () => {
  it('408 is the timeout notification, others name the printer', () => {
    expect(classifyStartFailure({ printerName: 'A', status: 408, message: 'x' })).toEqual({
      kind: 'timeout',
    });
    expect(
      summarizeStartFailures([
        { printerName: 'A', status: 408, message: 'slow' },
        { printerName: 'B', status: 409, message: 'not ready' },
        { printerName: 'C', status: null, message: 'offline' },
      ]),
    ).toEqual({
      hasTimeout: true,
      refused: [
        { printerName: 'B', message: 'not ready' },
        { printerName: 'C', message: 'offline' },
      ],
    });
  });
});

describe('file formats and printer kinds (issue 25)', () => {
  const ready = (deviceType: string) => ({
    printerState: 'READY_TO_PRINT' as const,
    filamentType: null,
    deviceType,
  });
  it('a .gcode.3mf prints on a Bambu Lab printer only, with a clear reason elsewhere', () => {
    expect(validatePrint([ready('bambu')], null, 'gcode.3mf')).toBeNull();
    for (const kind of ['octoprint', 'moonraker', 'prusalink']) {
      expect(validatePrint([ready('bambu'), ready(kind)], null, 'gcode.3mf')).toBe(
        'validationErrorFormat',
      );
      expect(getPrinterHints(ready(kind), null, 'gcode.3mf')).toEqual(['cannotPrintFormat']);
    }
  });
  it('a .bgcode is refused on a Bambu Lab printer; plain G-code goes everywhere', () => {
    expect(validatePrint([ready('bambu')], null, 'bgcode')).toBe('validationErrorFormatBgcode');
    expect(validatePrint([ready('prusalink')], null, 'bgcode')).toBeNull();
    for (const kind of ['octoprint', 'moonraker', 'prusalink', 'bambu', 'unknown']) {
      expect(validatePrint([ready(kind)], null, 'gcode'), kind).toBeNull();
    }
  });
});
