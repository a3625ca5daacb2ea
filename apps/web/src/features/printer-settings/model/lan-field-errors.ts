import type { TFunction } from 'i18next';
import { ApiError } from '../../../api/api-error';

/** The LAN form's fields the server names in a 400 (the printer's own refusals among them). */
export const LAN_FIELDS = [
  'name',
  'url',
  'api_key',
  'serial',
  'access_code',
  'user',
  'password',
] as const;

/**
 * A 400's first message per field named in `fields`, for the form to show on the field; null
 * when the error names none of them (the error modal then explains it). An address outside the
 * allowed networks is said as such; no answer there keeps the server's reason alone.
 */
export function toLanFieldErrors(
  error: unknown,
  t: TFunction,
  fields: readonly string[] = LAN_FIELDS,
): Record<string, string> | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const found: Record<string, string> = Object.fromEntries(
    fields.flatMap((field) =>
      error
        .getFieldErrors(field)
        .slice(0, 1)
        .map((message) => [field, message]),
    ),
  );
  if (found.url?.includes('LAN_PRINTER_NETWORKS'))
    found.url = t('printers.lan.urlRefused', { reason: found.url });
  return Object.keys(found).length > 0 ? found : null;
}
