import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTextGcode, uploadFile } from '../files.js';
import { buildUser, buildWorkspace, type BuiltUser } from '../factories.js';
import type { TestServer } from '../test-server.js';
import type { FuzzTarget, OpenApiDocument } from './http-fuzz.js';

const OPENAPI = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../docs/api/openapi.json',
);

export const readOpenApi = () => JSON.parse(readFileSync(OPENAPI, 'utf8')) as OpenApiDocument;

/**
 * What the fuzz aims at: an administrator of a workspace holding a file and a printer, so bad
 * input reaches validation behind sign-in, and the printer's device key for the WebSocket.
 */
export async function prepareFuzzTarget(
  t: TestServer,
): Promise<{ http: FuzzTarget; deviceKey: string; admin: BuiltUser }> {
  const admin = await buildUser(t);
  const workspaceId = await buildWorkspace(t, admin);
  const upload = await uploadFile(t, admin.access, workspaceId, {
    bytes: buildTextGcode(),
    filename: 'fuzzed.gcode',
  });
  const deviceKey = (await t.api('/api/device_keys/', { method: 'POST', token: admin.access })).body
    .token as string;
  await t.api('/api/printers/', {
    method: 'POST',
    token: admin.access,
    body: { group: workspaceId, name: 'Fuzzed', token: deviceKey },
  });
  return {
    admin,
    deviceKey,
    http: {
      baseUrl: t.baseUrl,
      token: admin.access,
      realIds: { g: workspaceId, id: upload.body.id as number, userId: admin.id },
    },
  };
}
