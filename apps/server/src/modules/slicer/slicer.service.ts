import {
  RELEASE_VERSION,
  scopeAllows,
  type Gcode,
  type OctoPrintUploadResult,
} from '@printdeck/shared';
import { AppError, notFound } from '../../http/app-error.js';
import { scopeForbids } from '../api-keys/api-key-policy.js';
import type { ApiKeysService } from '../api-keys/api-keys.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';

/** PrusaSlicer and OrcaSlicer accept a host whose version text starts with "OctoPrint". */
export const OCTOPRINT_VERSION = {
  api: '0.1',
  server: '1.10.0',
  text: `OctoPrint 1.10.0 (Printdeck ${RELEASE_VERSION})`,
} as const;

/** OctoPrint's own form fields beside `file`: `select` and `print` are not honoured, `path` not kept. */
const OCTOPRINT_FIELDS = new Set(['select', 'print', 'path', 'userdata']);

export function withoutOctoPrintFields<T extends { type: string; fieldname: string }>(
  parts: AsyncIterable<T>,
): AsyncIterable<T> {
  return (async function* select() {
    for await (const part of parts) {
      if (part.type !== 'field' || !OCTOPRINT_FIELDS.has(part.fieldname)) yield part;
    }
  })();
}

/**
 * The OctoPrint-compatible upload a slicer uses (spec issue: "Slicer upload"): the API key in
 * X-Api-Key must be valid, its scope must allow uploads (PRINT_TO_GROUP), and its owner must
 * have UPLOAD_FILE in the workspace of the address; the bytes then go through the files
 * module's upload service like any other upload.
 */
export function createSlicerService(deps: {
  apiKeys: ApiKeysService;
  workspaces: WorkspacesService;
  publicUrl: string;
}) {
  const { apiKeys, workspaces, publicUrl } = deps;

  return {
    /** The key's owner, once the key may upload into the workspace; 403 or 404 otherwise. */
    async authorizeUpload(apiKey: string | undefined, ip: string, workspaceId: number) {
      const key = apiKey ? await apiKeys.authenticateApiKey(apiKey.trim(), ip) : null;
      // OctoPrint answers a missing or wrong key with 403, and slicers expect that
      if (!key) throw new AppError('forbidden', 'Invalid API key');
      if (!scopeAllows(key.scope, 'upload_file')) throw scopeForbids(key.scope);
      if (key.workspaceId !== null && key.workspaceId !== workspaceId) throw notFound();
      await workspaces.requireWorkspacePermission(key.userId, workspaceId, 'UPLOAD_FILE');
      return key.userId;
    },

    toUploadResult(workspaceId: number, gcode: Gcode): OctoPrintUploadResult {
      return {
        done: true,
        files: {
          local: {
            name: gcode.name,
            origin: 'local',
            refs: {
              resource: `${publicUrl}/api/groups/${workspaceId}/files/${gcode.id}/`,
              download: `${publicUrl}/gcodes/${gcode.id}`,
            },
          },
        },
        effectiveSelect: false,
        effectivePrint: false,
      };
    },
  };
}

export type SlicerService = ReturnType<typeof createSlicerService>;
