import type { Insertable } from 'kysely';
import type { DeviceKeysTable, WorkspacesTable } from '../src/db/schema.js';

/**
 * Rows written straight into the tables, for tests and benchmarks that lay down history in
 * bulk faster than the API makes it. A device key's secret is no hash: it never signs in.
 */
export function deviceKeyRow(key: {
  publicId: string;
  createdBy: number | null;
  createdOn: string;
  workspaceId?: number;
}): Insertable<DeviceKeysTable> {
  return {
    public_id: key.publicId,
    secret_hash: 'x',
    created_by: key.createdBy,
    created_on: key.createdOn,
    last_seen_on: null,
    revoked_on: null,
    workspace_id: key.workspaceId ?? null,
    identity_hash: null,
    paired_on: null,
  };
}

/** A private workspace without a queue, as a new one is made. */
export function workspaceRow(workspace: {
  uniqueId: string;
  name: string;
  createdOn: string;
}): Insertable<WorkspacesTable> {
  return {
    unique_id: workspace.uniqueId,
    name: workspace.name,
    public_description: '',
    public_website_url: null,
    is_public: 0,
    avatar: null,
    print_queue_enabled: 0,
    created_on: workspace.createdOn,
  };
}
