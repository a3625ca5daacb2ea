import { z } from 'zod';
import { IdParamSchema, pagedSchema } from './common.schema.js';
import { VIDEO_STATES } from './print-jobs.schema.js';

/** Timelapse recording and encoding (issue 12, ARCHITECTURE §6). */
export const TIMELAPSE = {
  /** the agent takes a frame this often while a job with make_video prints */
  frameIntervalMs: 10_000,
  /** one frame's bytes at most; more is 413 */
  frameMaxBytes: 2 * 1024 * 1024,
  /**
   * One frame's pixels at most (4096 × 4096, above any printer camera): its JPEG header is read
   * on the request, its pixels only by ffmpeg, whose memory grows with them (issue 23).
   */
  framePixelsMax: 4096 * 4096,
  /** the agent's spool on disk keeps at most this many bytes; the oldest frames go first */
  spoolMaxBytes: 256 * 1024 * 1024,
  /** frames' bytes kept per print at most; past it the recording stops (409, issue 23) */
  jobFrameBytesMax: 4 * 1024 * 1024 * 1024,
  /** frames kept per print at most; past it the server refuses more (409) */
  framesPerJobMax: 20_000,
  /** the video lasts this long whatever the print's length */
  videoSeconds: 24,
  videoFps: 30,
  /** images in the photo strip (spec part 2 §9) */
  stripImages: 20,
  /** how long signed links to a video's bytes live: long enough to watch and seek */
  linkTtlSeconds: 30 * 60,
} as const;

/** What the failure check found (docs/videos.md says exactly how each is decided). */
export const VIDEO_CHECK_REASONS = [
  'print_failed',
  'print_cancelled',
  'camera_unreachable',
  'camera_black',
  'camera_frozen',
] as const;
export type VideoCheckReason = (typeof VIDEO_CHECK_REASONS)[number];

export const VIDEO_FILE_KINDS = ['photo', 'photo-stripe', 'video'] as const;
export type VideoFileKind = (typeof VIDEO_FILE_KINDS)[number];

/** The headers an agent sends with each frame (the body is the JPEG itself). */
export const FrameHeadersSchema = z.object({
  'x-printjob-id': IdParamSchema,
  /** the agent's own number for the frame: a frame sent twice is stored once */
  'x-frame-seq': z
    .string()
    .regex(/^(0|[1-9][0-9]{0,8})$/, 'Must be a whole number')
    .transform(Number),
  /** when the frame was taken, ISO-8601 */
  'x-frame-taken-at': z.iso.datetime({ offset: true }),
  /** snapshots the camera did not answer so far in this job (cumulative) */
  'x-frames-failed': z
    .string()
    .regex(/^(0|[1-9][0-9]{0,8})$/)
    .transform(Number)
    .default(0),
  /** frames the agent's spool dropped so far in this job (cumulative) */
  'x-frames-dropped': z
    .string()
    .regex(/^(0|[1-9][0-9]{0,8})$/)
    .transform(Number)
    .default(0),
});
export type FrameHeaders = z.infer<typeof FrameHeadersSchema>;

export const FrameAcceptedSchema = z.object({ stored: z.boolean() });

export const RecordingDoneParamsSchema = z.strictObject({ jobId: IdParamSchema });

export const VideoCheckSchema = z.object({
  /** null until the check ran */
  flagged: z.boolean().nullable(),
  reasons: z.array(z.enum(VIDEO_CHECK_REASONS)),
});

export const VideoLinksSchema = z.object({
  video: z.string().nullable(),
  photo: z.string().nullable(),
  photo_stripe: z.string().nullable(),
});

/** A timelapse video; its id is its print job's id (spec part 2 §3 Video). */
export const VideoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.enum(VIDEO_STATES),
  is_public: z.boolean(),
  created_on: z.string(),
  /** why the video could not be made, when FAILED */
  failure_reason: z.string().nullable(),
  /** a timelapse quota ended the recording early (issue 23): the video shows the print so far */
  recording_stopped: z.enum(['job_quota', 'workspace_quota']).nullable(),
  duration_sec: z.number().nullable(),
  size: z.number().int().nullable(),
  frames: z.object({
    received: z.number().int(),
    corrupt: z.number().int(),
    dropped: z.number().int(),
    camera_failures: z.number().int(),
  }),
  check: VideoCheckSchema,
  print_job: z.object({
    id: z.number().int(),
    outcome: z.string(),
    started_on: z.string(),
    ended_on: z.string().nullable(),
    printer_exists: z.boolean(),
    printer_id: z.number().int().nullable(),
    printer_name: z.string(),
    file_exists: z.boolean(),
    file_id: z.number().int().nullable(),
    file_name: z.string(),
    username: z.string(),
  }),
  /** signed links to the bytes, valid for TIMELAPSE.linkTtlSeconds; null until READY */
  links: VideoLinksSchema,
  /** may the caller change is_public or delete it */
  can_change: z.boolean(),
});
export type Video = z.infer<typeof VideoSchema>;

export const VideoPageSchema = pagedSchema(VideoSchema);
export type VideoPage = z.infer<typeof VideoPageSchema>;

export const VideoListQuerySchema = z.strictObject({
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, 'Malformed cursor')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(12),
});
export type VideoListQuery = z.infer<typeof VideoListQuerySchema>;

export const VideoUpdateSchema = z.strictObject({ is_public: z.boolean() });

export const WorkspaceVideoParamsSchema = z.strictObject({
  g: IdParamSchema,
  id: IdParamSchema,
});

export const VideoDownloadParamsSchema = z.strictObject({
  id: IdParamSchema,
  kind: z.enum(VIDEO_FILE_KINDS),
});

export const VideoDownloadQuerySchema = z.strictObject({
  token: z.string().min(1).max(2048).optional(),
  /** answer as an attachment (a download) instead of inline */
  download: z.enum(['0', '1', 'true', 'false']).optional(),
});

/** A public video as anyone sees it on a public profile. */
export const PublicVideoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_on: z.string(),
  duration_sec: z.number().nullable(),
  video_url: z.string(),
  photo_url: z.string(),
  photo_stripe_url: z.string(),
});
export type PublicVideo = z.infer<typeof PublicVideoSchema>;
