import type { ParseKeys } from 'i18next';
import { isApiError } from '../../../api/api-error';

export interface ControlNotice {
  title: ParseKeys;
  message: ParseKeys;
}

/**
 * How a failed control call reaches the user (spec part 1 §8 "Printer control"): homing and
 * range errors as a notification, everything else to the error modal. A device that did not
 * answer in time is told by a notification too, because reloading the site would not help.
 */
export function getControlNotice(error: unknown): ControlNotice | null {
  if (!isApiError(error) || error.status !== 408) return null;
  switch (error.code) {
    case 'axis_homing_required':
      return { title: 'printers.errors.moveError', message: 'printers.errors.mustHome' };
    case 'out_of_range':
      return { title: 'printers.errors.moveError', message: 'printers.errors.outOfRange' };
    default:
      return { title: 'printers.errors.timeoutTitle', message: 'printers.errors.timeout' };
  }
}

/** Light switch answered 408: a notification; other failures are raised. */
export function getLightNotice(error: unknown): ControlNotice | null {
  if (!isApiError(error) || error.status !== 408) return null;
  return { title: 'printers.errors.lightTitle', message: 'printers.errors.light' };
}

/**
 * The printer's own words when it (or the server on its behalf) refused a command: a 409 or a
 * 400. Such a refusal is told where the user is; it never opens the error modal, whose only way
 * out leaves the printer.
 */
export function getRefusalMessage(error: unknown): string | null {
  if (!isApiError(error) || (error.status !== 409 && error.status !== 400)) return null;
  return error.message;
}

/** A Klipper console send answered 408 is logged and ignored. */
export function isIgnoredConsoleError(error: unknown): boolean {
  return isApiError(error) && error.status === 408;
}

/** The device-key error of a printer create (400 with a token error array). */
export function getDeviceKeyError(error: unknown): string | null {
  if (!isApiError(error) || error.status !== 400) return null;
  return error.getFieldErrors('token')[0] ?? null;
}
