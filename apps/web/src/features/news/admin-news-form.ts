import type { AdminNews, AdminNewsCreate } from '@printdeck/shared';

export interface AdminNewsForm {
  title_en: string;
  perex_en: string;
  content_en: string;
  title_cs: string;
  perex_cs: string;
  content_cs: string;
  /** YYYY-MM-DDTHH:mm in local time; a part is '' while its field's text is not a day or a time */
  publishFrom: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A moment as datetime-local wants it: YYYY-MM-DDTHH:mm in local time. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function emptyAdminNewsForm(now: Date): AdminNewsForm {
  return {
    title_en: '',
    perex_en: '',
    content_en: '',
    title_cs: '',
    perex_cs: '',
    content_cs: '',
    publishFrom: toLocalInput(now),
  };
}

export function toAdminNewsForm(news: AdminNews): AdminNewsForm {
  const { title_en, perex_en, content_en, title_cs, perex_cs, content_cs } = news;
  const publishFrom = toLocalInput(new Date(news.publish_from));
  return { title_en, perex_en, content_en, title_cs, perex_cs, content_cs, publishFrom };
}

/** null while the English title or the date is missing. */
export function toAdminNewsBody(form: AdminNewsForm): AdminNewsCreate | null {
  const isComplete = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(form.publishFrom);
  const moment = new Date(form.publishFrom);
  if (!form.title_en.trim() || !isComplete || Number.isNaN(moment.getTime())) return null;
  const { publishFrom: _publishFrom, ...texts } = form;
  return { ...texts, publish_from: moment.toISOString() };
}
