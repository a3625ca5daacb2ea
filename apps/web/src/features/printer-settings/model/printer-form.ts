import { AVERAGE_POWER_W_MAX, FILAMENT_TYPES, LIMITS, type FilamentType } from '@printdeck/shared';
import type { ParseKeys } from 'i18next';

export const CAMERA_ROTATION_CHOICES = [0, 90, 180, 270] as const;
export type CameraRotation = (typeof CAMERA_ROTATION_CHOICES)[number];
export { FILAMENT_TYPES };

export type PrinterFormMode = 'add' | 'addOctoprint' | 'edit';

export interface PrinterFormValues {
  name: string;
  /** device key, on add */
  token: string;
  /** OctoPrint's API key, on the OctoPrint add */
  apiKey: string;
  note: string;
  enabled: boolean;
  filamentType: FilamentType | '';
  cameraEnabled: boolean;
  cameraRotation: CameraRotation;
  joboxEnabled: boolean;
  /** cost per print (issue 26): the printer's average power while printing, W; null: not set */
  averagePowerW: number | null;
}

export const EMPTY_PRINTER_FORM: PrinterFormValues = {
  name: '',
  token: '',
  apiKey: '',
  note: '',
  enabled: true,
  filamentType: '',
  cameraEnabled: true,
  cameraRotation: 0,
  joboxEnabled: false,
  averagePowerW: null,
};

export type PrinterFormErrors = Partial<Record<keyof PrinterFormValues | 'workspace', ParseKeys>>;

/** Spec part 1 §5 and part 2 §5 "Printer add/edit", message by message. */
export function validatePrinterForm(
  values: PrinterFormValues,
  mode: PrinterFormMode,
  workspaceId: number | null,
): PrinterFormErrors {
  const errors: PrinterFormErrors = {};
  if (workspaceId === null || !Number.isInteger(workspaceId) || workspaceId <= 0) {
    errors.workspace = 'printers.validation.workspaceNotSelected';
  }
  if (values.name.trim() === '') errors.name = 'printers.validation.nameEmpty';
  if (mode === 'add' && values.token.trim() === '') errors.token = 'printers.validation.tokenEmpty';
  if (mode === 'addOctoprint' && values.apiKey.trim() === '') {
    errors.apiKey = 'printers.validation.apiKeyEmpty';
  }
  if (values.note.length > LIMITS.printerNoteMax) errors.note = 'printers.validation.noteTooLong';
  const power = values.averagePowerW;
  if (power !== null && (power < 0 || power > AVERAGE_POWER_W_MAX)) {
    errors.averagePowerW = 'printers.validation.powerRange';
  }
  return errors;
}

export function hasErrors(errors: PrinterFormErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** The wire form of a create (spec part 1 §3): protocol is always http, enabled true. */
export function toCreatePayload(
  values: PrinterFormValues,
  options: { workspaceId: number; token: string; isJoboxAvailable: boolean },
) {
  const apiKey = values.apiKey.trim();
  return {
    group: options.workspaceId,
    name: values.name.trim(),
    token: options.token.trim(),
    ...(apiKey ? { api_key: apiKey } : {}),
    protocol: 'http' as const,
    camera_enabled: values.cameraEnabled,
    camera_rotation: values.cameraRotation,
    jobox_enabled: options.isJoboxAvailable && values.joboxEnabled,
    enabled: true,
  };
}

/** The update payload; clearing the filament type sends an empty string. */
export function toUpdatePayload(values: PrinterFormValues, isJoboxAvailable: boolean) {
  return {
    name: values.name.trim(),
    note: values.note,
    enabled: values.enabled,
    filament_type: values.filamentType,
    camera_enabled: values.cameraEnabled,
    camera_rotation: values.cameraRotation,
    ...(isJoboxAvailable ? { jobox_enabled: values.joboxEnabled } : {}),
    average_power_w: values.averagePowerW,
  };
}
