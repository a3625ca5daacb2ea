import { z } from 'zod';
import { IdParamSchema } from './common.schema.js';

/**
 * The OctoPrint-compatible upload a slicer talks to (`/slicer/{groupId}/api/...`). Shapes
 * follow OctoPrint's REST API, which PrusaSlicer and OrcaSlicer check: `api` must exist and
 * `text` must start with "OctoPrint".
 */
export const OctoPrintVersionSchema = z.object({
  api: z.string(),
  server: z.string(),
  text: z.string(),
});

export const OctoPrintUploadResultSchema = z.object({
  done: z.boolean(),
  files: z.object({
    local: z.object({
      name: z.string(),
      origin: z.literal('local'),
      refs: z.object({ resource: z.string(), download: z.string() }),
    }),
  }),
  /** select and print are not honoured: the file lands in the workspace, no printer is chosen */
  effectiveSelect: z.boolean(),
  effectivePrint: z.boolean(),
});
export type OctoPrintUploadResult = z.infer<typeof OctoPrintUploadResultSchema>;

/** OctoPrint answers errors as {"error": "..."}; a bad key is 403, never 401. */
export const OctoPrintErrorSchema = z.object({ error: z.string() });

/** OctoPrint's upload form: the `file` part; `select`, `print` and `path` are taken and ignored. */
export const OctoPrintUploadFormSchema = z.object({
  file: z.file(),
  select: z.string().optional(),
  print: z.string().optional(),
  path: z.string().optional(),
});

export const SlicerParamsSchema = z.strictObject({ groupId: IdParamSchema });
