import { z } from 'zod';
import { PublicVideoSchema } from './videos.schema.js';
import { PRINT_FILE_FORMATS } from '../device/print-formats.js';

/**
 * The rich-text description keeps only these elements, without attributes (spec part 2 §2.10:
 * bold, italic, underline, ordered and bullet lists). The server sanitises on write; a client
 * that renders the HTML sanitises again with the same list (checklist C34).
 */
export const DESCRIPTION_ALLOWED_TAGS = [
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ol',
  'ul',
  'li',
  'p',
  'br',
] as const;

/** Avatars: PNG or JPEG, stored as PNG. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_MAX_SIDE_PX = 4096;
export const AVATAR_FILE_NAME_PATTERN = /^[0-9a-f-]{36}\.png$/;

/** The multipart form that replaces a workspace's avatar. */
export const WorkspaceAvatarFormSchema = z.strictObject({ avatar: z.file() });

/** ?filename= only tells caches apart: a current name is cached for long, any other briefly. */
export const AvatarQuerySchema = z.strictObject({
  filename: z.string().max(100).optional(),
});

export const PublicIdParamsSchema = z.strictObject({
  uniqueId: z.string().regex(/^[a-z0-9]{12}$/, 'Not a workspace id.'),
});

/** A public file as anyone sees it on a public profile; download_url needs no sign-in. */
export const PublicFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  format: z.enum(PRINT_FILE_FORMATS),
  uploadedOn: z.string(),
  filament_type: z.string().nullable(),
  printing_time_sec: z.number().nullable(),
  layer_height_mm: z.number().nullable(),
  filament_used_g: z.number().nullable(),
  filament_used_mm: z.number().nullable(),
  download_url: z.string(),
});

export const PUBLIC_PROFILE_FILES_MAX = 100;

/** GET /public/{uniqueId}/: only for a public workspace (ARCHITECTURE §6). */
export const PublicProfileSchema = z.object({
  uniqueId: z.string(),
  name: z.string(),
  public_description: z.string(),
  public_website_url: z.string().nullable(),
  /** the newest public files, at most PUBLIC_PROFILE_FILES_MAX */
  files: z.array(PublicFileSchema),
  files_count: z.number().int(),
  /** the newest public timelapse videos, at most PUBLIC_PROFILE_FILES_MAX */
  videos: z.array(PublicVideoSchema),
});
export type PublicProfile = z.infer<typeof PublicProfileSchema>;
