import type { Locale } from '@printdeck/shared';
import type { NotificationKind } from '../../db/schema.js';

/** What an outbox row says; names are copied when the event happens, links made at send time. */
export interface NotificationPayload {
  workspace_name: string;
  printer_id?: number | null;
  printer_name?: string;
  file_name?: string;
  job_id?: number;
  /** the device, to ask for the last camera frame */
  device_key_id?: number;
  video_id?: number | null;
  reasons?: string[];
  /** spool low (issue 26): the spool, its words and what is left */
  spool_id?: number;
  spool_name?: string;
  remaining_g?: number;
  workspace_id?: number;
  /** a daily digest: what each held message said */
  digest?: Array<{
    kind: NotificationKind;
    workspace_name: string;
    printer_name?: string;
    file_name?: string;
    spool_name?: string;
  }>;
  /** maintenance due (issue 26): the task's name */
  task_name?: string;
}

/** A digest names at most this many messages, then how many more. */
const DIGEST_LINES = 30;

export interface RenderedMessage {
  title: string;
  /** plain text lines (e-mail, push); the Telegram form escapes each value for HTML */
  lines: string[];
  link: string;
}

const TEXT = {
  en: {
    print_done: 'Print finished',
    print_failed: 'Print failed',
    video_failed: 'Timelapse video failed',
    spool_low: 'Spool running low',
    maintenance_due: 'Maintenance due',
    task: 'Task',
    spool: 'Spool',
    left: 'Left',
    test: 'Printdeck test notification',
    digest: 'Printdeck daily digest',
    more: 'more',
    printer: 'Printer',
    file: 'File',
    workspace: 'Workspace',
    reasons: 'Why',
    testLine: 'Notifications from this workspace reach you here.',
    open: 'Open in Printdeck',
  },
  cs: {
    print_done: 'Tisk dokončen',
    print_failed: 'Tisk selhal',
    video_failed: 'Časosběrné video se nepodařilo',
    spool_low: 'Cívka dochází',
    maintenance_due: 'Čas na údržbu',
    task: 'Úkol',
    spool: 'Cívka',
    left: 'Zbývá',
    test: 'Zkušební oznámení z Printdecku',
    digest: 'Denní souhrn z Printdecku',
    more: 'další',
    printer: 'Tiskárna',
    file: 'Soubor',
    workspace: 'Pracovní prostor',
    reasons: 'Proč',
    testLine: 'Oznámení z tohoto pracovního prostoru vám budou chodit sem.',
    open: 'Otevřít v Printdecku',
  },
} as const;

/** The video failure check's reasons (packages/shared VIDEO_CHECK_REASONS) in words. */
const REASONS: Record<Locale, Record<string, string>> = {
  en: {
    print_failed: 'the print failed',
    print_cancelled: 'the print was cancelled',
    camera_unreachable: 'the camera did not answer',
    camera_black: 'the camera showed only black',
    camera_frozen: 'the camera picture did not change',
  },
  cs: {
    print_failed: 'tisk selhal',
    print_cancelled: 'tisk byl zrušen',
    camera_unreachable: 'kamera neodpovídala',
    camera_black: 'kamera ukazovala jen černou',
    camera_frozen: 'obraz kamery se neměnil',
  },
};

export function pickLanguage(language: string | null | undefined): Locale {
  return language === 'cs' ? 'cs' : 'en';
}

function linkFor(kind: NotificationKind, payload: NotificationPayload, publicUrl: string): string {
  if (kind === 'test') return `${publicUrl}/settings/notifications`;
  if (kind === 'video_failed' && payload.video_id) {
    return `${publicUrl}/timelapse-videos/${payload.video_id}`;
  }
  if (kind === 'spool_low' && payload.spool_id) {
    const group = payload.workspace_id ? `?group=${payload.workspace_id}` : '';
    return `${publicUrl}/spools/${payload.spool_id}${group}`;
  }
  if (payload.printer_id) return `${publicUrl}/printers/${payload.printer_id}`;
  return `${publicUrl}/`;
}

// eslint-disable-next-line no-control-regex -- control characters are what this removes
const plain = (value: string | undefined) => (value ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ');

/** The message in the member's language: title, labelled lines, a link into Printdeck. */
export function renderNotification(
  kind: NotificationKind,
  payload: NotificationPayload,
  language: Locale,
  publicUrl: string,
): RenderedMessage {
  const t = TEXT[language];
  const lines: string[] = [];
  if (kind === 'digest') {
    const items = payload.digest ?? [];
    for (const item of items.slice(0, DIGEST_LINES)) {
      const what = [item.spool_name, item.printer_name, item.file_name]
        .filter(Boolean)
        .map((v) => plain(v))
        .join(' · ');
      lines.push(`${t[item.kind]}: ${what} (${plain(item.workspace_name)})`);
    }
    if (items.length > DIGEST_LINES) lines.push(`+${items.length - DIGEST_LINES} ${t.more}`);
    return { title: t.digest, lines, link: `${publicUrl}/` };
  }
  if (payload.task_name) lines.push(`${t.task}: ${plain(payload.task_name)}`);
  if (payload.spool_name) lines.push(`${t.spool}: ${plain(payload.spool_name)}`);
  if (payload.remaining_g !== undefined) lines.push(`${t.left}: ${payload.remaining_g} g`);
  if (payload.printer_name) lines.push(`${t.printer}: ${plain(payload.printer_name)}`);
  if (payload.file_name) lines.push(`${t.file}: ${plain(payload.file_name)}`);
  lines.push(`${t.workspace}: ${plain(payload.workspace_name)}`);
  if (payload.reasons?.length) {
    const words = payload.reasons.map((code) => REASONS[language][code] ?? plain(code));
    lines.push(`${t.reasons}: ${words.join(', ')}`);
  }
  if (kind === 'test') lines.push(t.testLine);
  return { title: t[kind], lines, link: linkFor(kind, payload, publicUrl) };
}

/** HTML for Telegram's parse_mode HTML: only <, > and & need escaping (Bot API "HTML style"). */
export function escapeTelegramHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function toTelegramHtml(message: RenderedMessage, language: Locale): string {
  const open = TEXT[language].open;
  return [
    `<b>${escapeTelegramHtml(message.title)}</b>`,
    ...message.lines.map(escapeTelegramHtml),
    `<a href="${escapeTelegramHtml(message.link).replace(/"/g, '&quot;')}">${open}</a>`,
  ].join('\n');
}

export function toMailText(message: RenderedMessage, language: Locale): string {
  return `${message.title}\n\n${message.lines.join('\n')}\n\n${TEXT[language].open}:\n${message.link}\n`;
}
