import type { BuiltUser } from './factories.js';
import type { TestServer } from './test-server.js';

export const PETG_BLACK = {
  material: 'PETG',
  color_hex: '#111111',
  color_name: 'Black',
  brand: 'Prusament',
  initial_weight_g: 1000,
  cost_per_kg: 25,
  location: 'Shelf A',
};

/** A printer with no agent behind it: enough for what is loaded on it. */
export async function buildOfflinePrinter(
  t: TestServer,
  owner: BuiltUser,
  workspaceId: number,
  name = 'P',
): Promise<number> {
  const key = (
    await t.api('/api/device_keys/', {
      method: 'POST',
      token: owner.access,
      body: { group: workspaceId },
    })
  ).body.token as string;
  const response = await t.api('/api/printers/', {
    method: 'POST',
    token: owner.access,
    body: { group: workspaceId, name, token: key },
  });
  if (response.status !== 201 && response.status !== 200) throw new Error(response.text);
  return response.body.id as number;
}

export async function buildSpool(
  t: TestServer,
  owner: BuiltUser,
  workspaceId: number,
  fields: object = {},
): Promise<number> {
  const response = await t.api(`/api/groups/${workspaceId}/spools/`, {
    method: 'POST',
    token: owner.access,
    body: { ...PETG_BLACK, ...fields },
  });
  if (response.status !== 201) throw new Error(response.text);
  return response.body[0].id as number;
}

export const loadSpool = (
  t: TestServer,
  as: BuiltUser,
  input: { printerId: number; tool: number; spoolId: number },
) =>
  t.api(`/api/printers/${input.printerId}/spools/${input.tool}/`, {
    method: 'PUT',
    token: as.access,
    body: { spool_id: input.spoolId },
  });
