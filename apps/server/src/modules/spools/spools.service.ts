import type { Spool, SpoolCreate, SpoolListQuery, SpoolPage, SpoolUpdate } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { AppError, fieldError, notFound } from '../../http/app-error.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { moveQueuePrinterVersion } from '../print-queue/queue-printer-versions.repository.js';
import type { SpoolsRepository, SpoolWithPlace } from './spools.repository.js';

interface Deps {
  db: Db;
  spools: SpoolsRepository;
  workspaces: WorkspacesService;
  clock: Clock;
}

export const spoolNotFound = () => notFound('Spool does not exist.');

const fromSpoolman = () =>
  new AppError('conflict', "This workspace's spools come from Spoolman: add and edit them there.");

export function toSpool(row: SpoolWithPlace): Spool {
  return {
    id: row.id,
    material: row.material as Spool['material'],
    color_hex: row.color_hex,
    color_name: row.color_name,
    brand: row.brand,
    diameter_mm: Number(row.diameter_mm),
    initial_weight_g: Number(row.initial_weight_g),
    remaining_weight_g: Number(row.remaining_weight_g),
    cost_per_kg: row.cost_per_kg === null ? null : Number(row.cost_per_kg),
    location: row.location,
    notes: row.notes,
    low_threshold_g: Number(row.low_threshold_g),
    is_archived: row.is_archived === 1,
    is_low: Number(row.remaining_weight_g) < Number(row.low_threshold_g),
    loaded_on:
      row.loaded_printer_id === null || row.loaded_tool === null
        ? null
        : {
            printer_id: row.loaded_printer_id,
            printer_name: row.loaded_printer_name ?? '',
            tool: row.loaded_tool,
          },
    spoolman_id: row.spoolman_id,
    created_on: row.created_on,
    updated_on: row.updated_on,
  };
}

/**
 * The spool inventory of a workspace (issue 26). Everyone in the workspace reads it;
 * MANAGE_SPOOLS creates, edits and archives. A spool is archived, never deleted.
 */
export function createSpoolsService({ db, spools, workspaces, clock }: Deps) {
  async function getSpoolOrThrow(workspaceId: number, spoolId: number, trx: Db = db) {
    const row = await spools.findSpool(workspaceId, spoolId, trx);
    if (!row) throw spoolNotFound();
    return row;
  }

  return {
    async listSpools(
      userId: number,
      workspaceId: number,
      query: SpoolListQuery,
    ): Promise<SpoolPage> {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'VIEW_GROUP');
      const { rows, count } = await spools.listSpools(
        workspaceId,
        {
          search: query.search || undefined,
          material: query.material,
          archived: query.archived,
          isLow: query.is_low === undefined ? undefined : query.is_low === 'true',
        },
        { size: query.page_size, beforeId: query.cursor },
      );
      const hasMore = rows.length > query.page_size;
      const page = rows.slice(0, query.page_size);
      const next = hasMore ? nextPageUrl(workspaceId, query, page.at(-1)!.id) : null;
      return { results: page.map(toSpool), count, next };
    },

    async getSpool(userId: number, workspaceId: number, spoolId: number): Promise<Spool> {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'VIEW_GROUP');
      return toSpool(await getSpoolOrThrow(workspaceId, spoolId));
    },

    /** Creates `quantity` identical spools at once; all or none. */
    async createSpools(userId: number, workspaceId: number, input: SpoolCreate): Promise<Spool[]> {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'MANAGE_SPOOLS');
      if (await spools.isSpoolmanWorkspace(workspaceId)) throw fromSpoolman();
      const now = clock.now().toISOString();
      const { quantity, ...fields } = input;
      const row = {
        ...fields,
        remaining_weight_g: fields.remaining_weight_g ?? fields.initial_weight_g,
        workspace_id: workspaceId,
        is_archived: 0,
        created_on: now,
        updated_on: now,
      };
      const ids = await db.transaction().execute((trx) =>
        spools.insertSpools(
          Array.from({ length: quantity }, () => row),
          trx,
        ),
      );
      const created = await Promise.all(ids.map((id) => getSpoolOrThrow(workspaceId, id)));
      return created.map(toSpool);
    },

    /** Edits fields; archiving also unloads the spool from its printer. */
    async updateSpool(
      userId: number,
      workspaceId: number,
      spoolId: number,
      input: SpoolUpdate,
    ): Promise<Spool> {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'MANAGE_SPOOLS');
      await db.transaction().execute(async (trx) => {
        const current = await getSpoolOrThrow(workspaceId, spoolId, trx);
        // a mirrored spool is Spoolman's: only the local low threshold is Printdeck's own
        const ownKeys = Object.keys(input).filter((key) => key !== 'low_threshold_g');
        if (current.spoolman_id !== null && ownKeys.length > 0) throw fromSpoolman();
        const initial = input.initial_weight_g ?? Number(current.initial_weight_g);
        const remaining = input.remaining_weight_g ?? Number(current.remaining_weight_g);
        if (remaining > initial) {
          throw fieldError(
            'remaining_weight_g',
            'Remaining weight cannot exceed the initial weight.',
          );
        }
        const { is_archived, ...fields } = input;
        await spools.updateSpool(
          spoolId,
          {
            ...fields,
            ...(is_archived !== undefined && { is_archived: is_archived ? 1 : 0 }),
            updated_on: clock.now().toISOString(),
          },
          trx,
        );
        if (is_archived) await spools.unloadSpool(spoolId, trx);
        // a loaded spool's material and weight are what the queue's wait reasons read
        if (current.loaded_printer_id !== null) await moveQueuePrinterVersion(trx, { workspaceId });
      });
      return toSpool(await getSpoolOrThrow(workspaceId, spoolId));
    },
  };
}

function nextPageUrl(workspaceId: number, query: SpoolListQuery, lastId: number): string {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.material) params.set('material', query.material);
  params.set('archived', query.archived);
  if (query.is_low) params.set('is_low', query.is_low);
  params.set('page_size', String(query.page_size));
  params.set('cursor', String(lastId));
  return `/api/groups/${workspaceId}/spools/?${params.toString()}`;
}

export type SpoolsService = ReturnType<typeof createSpoolsService>;
