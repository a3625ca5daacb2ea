import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyScope } from '@printdeck/shared';
import type { BuiltUser } from '../../../test-support/factories.js';
import {
  connectFakeAgent,
  eventually,
  readyState,
  type FakeAgent,
} from '../../../test-support/fake-agent.js';
import { startServerWithWorkspace, type TestServer } from '../../../test-support/test-server.js';
import { buildTextGcode, uploadFile } from '../../../test-support/files.js';
import { enableQueue, queuePath } from '../../../test-support/print-queue.js';
import { createApiKey } from '../../../test-support/api-keys.js';

/**
 * ARCHITECTURE §4's key scopes: each operation with the exact status a key of each scope gets.
 * The keys' owner is the workspace's admin and may do everything signed in, so only the scope
 * refuses. FULL_READ reads; PRINT_TO_GROUP reads, uploads, starts prints (a workspace file or
 * one on the printer) and adds to the queue; LIMITED_WRITE reads, starts prints, adds to the
 * queue and pauses/resumes/cancels. No key creates labels or renames files.
 */
// prettier-ignore
const SCOPE_MATRIX: Record<string, Record<ApiKeyScope | 'signed in', number>> = {
  'list files':                  { FULL_READ: 200, PRINT_TO_GROUP: 200, LIMITED_WRITE: 200, 'signed in': 200 },
  'upload a file':               { FULL_READ: 403, PRINT_TO_GROUP: 201, LIMITED_WRITE: 403, 'signed in': 201 },
  'print a workspace file':      { FULL_READ: 403, PRINT_TO_GROUP: 201, LIMITED_WRITE: 201, 'signed in': 201 },
  'print a file on the printer': { FULL_READ: 403, PRINT_TO_GROUP: 204, LIMITED_WRITE: 204, 'signed in': 204 },
  'add to the queue':            { FULL_READ: 403, PRINT_TO_GROUP: 201, LIMITED_WRITE: 201, 'signed in': 201 },
  'print a queued item':         { FULL_READ: 403, PRINT_TO_GROUP: 200, LIMITED_WRITE: 200, 'signed in': 200 },
  'pause a print':               { FULL_READ: 403, PRINT_TO_GROUP: 403, LIMITED_WRITE: 204, 'signed in': 204 },
  'create a label':              { FULL_READ: 403, PRINT_TO_GROUP: 403, LIMITED_WRITE: 403, 'signed in': 201 },
  'rename a file':               { FULL_READ: 403, PRINT_TO_GROUP: 403, LIMITED_WRITE: 403, 'signed in': 200 },
};

let t: TestServer;
let owner: BuiltUser;
let workspaceId: number;
let fileId: number;
let readyPrinter: number;
let printingPrinter: number;
const agents: FakeAgent[] = [];

/** A printer whose agent answers every command as done and keeps reporting `state`. */
async function addPrinter(name: string, printing: boolean): Promise<number> {
  const key = (await t.api('/api/device_keys/', { method: 'POST', token: owner.access })).body
    .token as string;
  const created = await t.api('/api/printers/', {
    method: 'POST',
    token: owner.access,
    body: { group: workspaceId, name, token: key },
  });
  expect(created.status).toBe(201);
  const agent = await connectFakeAgent(t.baseUrl, key);
  agents.push(agent);
  await agent.hello();
  agent.answer((request) =>
    request.command.name === 'print_file'
      ? { ok: true, result: { started: true } }
      : { ok: true, result: null },
  );
  const flags = readyState().state.flags;
  const state = printing
    ? readyState({ state: { text: 'Printing', flags: { ...flags, printing: true, ready: false } } })
    : readyState();
  agent.send({ type: 'state', kind: 'snapshot', state });
  await eventually(async () => {
    const states = await t.api(`/api/groups/${workspaceId}/devices-states/`, {
      token: owner.access,
    });
    const mine = states.body.find((s: { printer_id: number }) => s.printer_id === created.body.id);
    expect(mine.printer_state).toBe(printing ? 'PRINTING' : 'READY_TO_PRINT');
  });
  return created.body.id;
}

beforeAll(async () => {
  ({ t, user: owner, workspaceId } = await startServerWithWorkspace());
  await enableQueue(t, owner, workspaceId);
  const uploaded = await uploadFile(t, owner.access, workspaceId, {
    bytes: buildTextGcode(),
    filename: 'owner.gcode',
  });
  expect(uploaded.status).toBe(201);
  fileId = uploaded.body.id;
  readyPrinter = await addPrinter('Ready', false);
  printingPrinter = await addPrinter('Printing', true);
});
afterAll(async () => {
  for (const agent of agents) agent.close();
  await t.close();
});

/** One call per row of the matrix, made with `key`; answers the status. */
const OPERATIONS: Record<string, (key: string) => Promise<number>> = {
  'list files': async (key) =>
    (await t.api(`/api/groups/${workspaceId}/files/`, { token: key })).status,
  'upload a file': async (key) =>
    (await uploadFile(t, key, workspaceId, { bytes: buildTextGcode({ extraLines: 3 }) })).status,
  'print a workspace file': async (key) =>
    (
      await t.api(`/api/printers/${readyPrinter}/files/`, {
        method: 'POST',
        token: key,
        body: { file_id: fileId, print: true, make_video: false },
      })
    ).status,
  'print a file on the printer': async (key) =>
    (
      await t.api(`/api/printers/${readyPrinter}/files/start`, {
        method: 'POST',
        token: key,
        body: { path: 'local/benchy.gcode' },
      })
    ).status,
  'add to the queue': async (key) =>
    (await t.api(queuePath(workspaceId), { method: 'POST', token: key, body: { file: fileId } }))
      .status,
  'print a queued item': async (key) => {
    const item = await t.api(queuePath(workspaceId), {
      method: 'POST',
      token: owner.access,
      body: { file: fileId },
    });
    expect(item.status).toBe(201);
    return (
      await t.api(queuePath(workspaceId, `${item.body.id}/print/`), {
        method: 'POST',
        token: key,
        body: { printer: readyPrinter },
      })
    ).status;
  },
  'pause a print': async (key) =>
    (
      await t.api(`/api/printers/${printingPrinter}/pause/`, {
        method: 'POST',
        token: key,
        body: {},
      })
    ).status,
  'create a label': async (key) =>
    (
      await t.api(`/api/groups/${workspaceId}/file-labels/`, {
        method: 'POST',
        token: key,
        body: { name: `by key ${key.slice(4, 10)}` },
      })
    ).status,
  'rename a file': async (key) =>
    (
      await t.api(`/api/groups/${workspaceId}/files/${fileId}/`, {
        method: 'PATCH',
        token: key,
        body: { name: 'renamed by key' },
      })
    ).status,
};

describe('what each API key scope may do', () => {
  it('answers each operation with the status the scope matrix says', async () => {
    const answered: Record<string, Record<string, number>> = {};
    for (const operation of Object.keys(SCOPE_MATRIX)) {
      answered[operation] = {};
      for (const scope of ['FULL_READ', 'PRINT_TO_GROUP', 'LIMITED_WRITE'] as const) {
        const { key } = await createApiKey(t, owner.access, scope);
        answered[operation]![scope] = await OPERATIONS[operation]!(key);
      }
      // the owner signed in (an admin) may do it all: only the scope refuses
      answered[operation]!['signed in'] = await OPERATIONS[operation]!(owner.access);
    }
    expect(answered).toEqual(SCOPE_MATRIX);
  });
});
