import { z } from 'zod';

export const NEWS_TITLE_MAX = 200;
export const NEWS_PEREX_MAX = 1000;
export const NEWS_CONTENT_MAX = 50_000;
/** The reader's list holds at most this many newest items; unread_count covers all. */
export const NEWS_LIST_MAX = 100;

/** ?lang=EN or CS (either case); English when absent. */
export const NewsListQuerySchema = z.strictObject({
  lang: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(['EN', 'CS']))
    .default('EN'),
});

/** A published item in the reader's language; content is markdown, rendered without raw HTML. */
export const NewsItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  perex: z.string(),
  content: z.string(),
  /** the publication day, YYYY-MM-DD */
  date: z.string(),
  publish_from: z.string(),
  is_read: z.boolean(),
});
export type NewsItem = z.infer<typeof NewsItemSchema>;

export const NewsListSchema = z.object({
  results: z.array(NewsItemSchema),
  unread_count: z.number().int(),
});
export type NewsList = z.infer<typeof NewsListSchema>;

export const NewsReadSchema = z.strictObject({ is_read: z.boolean() });
export const NewsReadResultSchema = z.object({
  id: z.number().int(),
  is_read: z.boolean(),
  unread_count: z.number().int(),
});

/** An item as system administrators write it: English required, Czech falls back to English. */
export const AdminNewsSchema = z.object({
  id: z.number().int(),
  title_en: z.string(),
  perex_en: z.string(),
  content_en: z.string(),
  title_cs: z.string(),
  perex_cs: z.string(),
  content_cs: z.string(),
  publish_from: z.string(),
  created_on: z.string(),
  updated_on: z.string(),
});
export type AdminNews = z.infer<typeof AdminNewsSchema>;

const IsoMomentSchema = z.iso
  .datetime({ offset: true })
  .transform((value) => new Date(value).toISOString());

export const AdminNewsCreateSchema = z.strictObject({
  title_en: z.string().trim().min(1, 'Title is required.').max(NEWS_TITLE_MAX),
  perex_en: z.string().trim().max(NEWS_PEREX_MAX).default(''),
  content_en: z.string().max(NEWS_CONTENT_MAX).default(''),
  title_cs: z.string().trim().max(NEWS_TITLE_MAX).default(''),
  perex_cs: z.string().trim().max(NEWS_PEREX_MAX).default(''),
  content_cs: z.string().max(NEWS_CONTENT_MAX).default(''),
  /** ISO-8601 with an offset; the item is hidden from readers until then */
  publish_from: IsoMomentSchema,
});
export type AdminNewsCreate = z.output<typeof AdminNewsCreateSchema>;

export const AdminNewsUpdateSchema = z
  .strictObject({
    title_en: z.string().trim().min(1, 'Title is required.').max(NEWS_TITLE_MAX),
    perex_en: z.string().trim().max(NEWS_PEREX_MAX),
    content_en: z.string().max(NEWS_CONTENT_MAX),
    title_cs: z.string().trim().max(NEWS_TITLE_MAX),
    perex_cs: z.string().trim().max(NEWS_PEREX_MAX),
    content_cs: z.string().max(NEWS_CONTENT_MAX),
    publish_from: IsoMomentSchema,
  })
  .partial();
export type AdminNewsUpdate = z.output<typeof AdminNewsUpdateSchema>;
