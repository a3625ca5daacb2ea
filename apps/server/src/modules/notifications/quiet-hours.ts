import type { NotificationKind } from '../../db/schema.js';

export interface QuietHours {
  timeZone: string;
  /** "HH:MM" in the time zone; the window may cross midnight (22:00–07:00) */
  start: string;
  end: string;
  /** failures (print failed, video failed) go out even inside the window */
  errorsPierce: boolean;
}

/** The kinds that count as errors: they may pierce quiet hours and never wait for a digest. */
export const ERROR_KINDS: ReadonlySet<NotificationKind> = new Set(['print_failed', 'video_failed']);

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};

/** Minutes since local midnight in `timeZone` at `at`. */
export function localMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return hour * 60 + minute;
}

/**
 * When a message of `kind` may go, given the member's quiet hours: null now, or the end of the
 * window (the first minute at or after `end`, local wall time; a DST change inside the window
 * moves it by that hour at most).
 */
export function quietUntil(
  quiet: QuietHours | null,
  kind: NotificationKind,
  now: Date,
): Date | null {
  if (!quiet || kind === 'test') return null;
  if (quiet.errorsPierce && ERROR_KINDS.has(kind)) return null;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  const local = localMinutes(now, quiet.timeZone);
  const inside = start < end ? local >= start && local < end : local >= start || local < end;
  if (!inside) return null;
  const wait = (end - local + 1440) % 1440;
  const at = new Date(now.getTime() + wait * 60_000);
  at.setUTCSeconds(0, 0);
  return at;
}
