import { describe, expect, it } from 'vitest';
import {
  EMPTY_PRINTER_FORM,
  toCreatePayload,
  toUpdatePayload,
  validatePrinterForm,
} from './printer-form';

const filled = { ...EMPTY_PRINTER_FORM, name: 'Prusa', token: 'key', apiKey: 'api' };

describe('printer form validation', () => {
  it('accepts a complete form', () => {
    expect(validatePrinterForm(filled, 'add', 1)).toEqual({});
    expect(validatePrinterForm(filled, 'addOctoprint', 1)).toEqual({});
    expect(validatePrinterForm(filled, 'edit', 1)).toEqual({});
  });

  it('needs a name on every form', () => {
    for (const mode of ['add', 'addOctoprint', 'edit'] as const) {
      expect(validatePrinterForm({ ...filled, name: '  ' }, mode, 1).name).toBe(
        'printers.validation.nameEmpty',
      );
    }
  });

  it('needs the device key on the pill and Klipper add', () => {
    expect(validatePrinterForm({ ...filled, token: '' }, 'add', 1).token).toBe(
      'printers.validation.tokenEmpty',
    );
    expect(validatePrinterForm({ ...filled, token: '' }, 'addOctoprint', 1).token).toBeUndefined();
  });

  it('needs the API key on the OctoPrint add', () => {
    expect(validatePrinterForm({ ...filled, apiKey: ' ' }, 'addOctoprint', 1).apiKey).toBe(
      'printers.validation.apiKeyEmpty',
    );
    expect(validatePrinterForm({ ...filled, apiKey: '' }, 'add', 1).apiKey).toBeUndefined();
  });

  it('needs a workspace', () => {
    expect(validatePrinterForm(filled, 'add', null).workspace).toBe(
      'printers.validation.workspaceNotSelected',
    );
    expect(validatePrinterForm(filled, 'add', Number.NaN).workspace).toBeDefined();
  });

  it('allows a note of at most 2048 characters', () => {
    expect(validatePrinterForm({ ...filled, note: 'a'.repeat(2048) }, 'edit', 1)).toEqual({});
    expect(validatePrinterForm({ ...filled, note: 'a'.repeat(2049) }, 'edit', 1).note).toBe(
      'printers.validation.noteTooLong',
    );
  });
});

describe('printer payloads', () => {
  it('creates with protocol http, enabled, and jobox only when the queue is on', () => {
    const payload = toCreatePayload(
      { ...filled, joboxEnabled: true, cameraRotation: 90 },
      { workspaceId: 3, token: ' dk ', isJoboxAvailable: false },
    );
    expect(payload).toEqual({
      group: 3,
      name: 'Prusa',
      token: 'dk',
      api_key: 'api',
      protocol: 'http',
      camera_enabled: true,
      camera_rotation: 90,
      jobox_enabled: false,
      enabled: true,
    });
  });

  it('leaves the API key out when there is none', () => {
    const payload = toCreatePayload(
      { ...filled, apiKey: '' },
      { workspaceId: 3, token: 'dk', isJoboxAvailable: true },
    );
    expect(payload).not.toHaveProperty('api_key');
  });

  it('clears the filament type with an empty string', () => {
    expect(toUpdatePayload({ ...filled, filamentType: '' }, false)).toMatchObject({
      filament_type: '',
    });
    expect(toUpdatePayload(filled, false)).not.toHaveProperty('jobox_enabled');
    expect(toUpdatePayload({ ...filled, joboxEnabled: true }, true).jobox_enabled).toBe(true);
  });
});
