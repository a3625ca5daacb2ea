import type { PrinterDeviceState } from '@printdeck/shared';

/** Temperatures are shown to a tenth of a degree (the web's formatTemperature). */
function roundShown(value: unknown): unknown {
  if (typeof value === 'number') return Math.round(value * 10) / 10;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, roundShown(inner)]));
}

/**
 * What a person sees of a printer's state, as a comparable text: every value as sent except
 * temperatures rounded as shown and `updated_at`, which follows the values (a change below the
 * shown precision moves it but shows nothing). Empty for a printer not yet told.
 */
export function readShownKey(state: PrinterDeviceState | undefined): string {
  if (!state) return '';
  const { updated_at: _updatedAt, temperature, ...rest } = state;
  return JSON.stringify({ ...rest, temperature: roundShown(temperature) });
}

/** One server-sent event (text/event-stream): a name and one line of JSON. */
export function formatStreamEvent(name: 'snapshot' | 'unchanged' | 'delta', data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}
