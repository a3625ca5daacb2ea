import { z } from 'zod';
import type { NetworkPolicy } from '../lan-printers/lan-networks.js';
import { requestTarget, TargetRefused } from '../../outgoing/outgoing-post.js';

/**
 * Spoolman's REST API v1, the parts Printdeck uses (reference/bambu-prusalink-spoolman.md §4;
 * upstream Donkie/Spoolman `spoolman/api/v1/spool.py`, `models.py`, `other.py`). Responses omit
 * null fields, so every optional field may be absent; unknown fields pass.
 */
const SpoolmanInfoSchema = z.looseObject({ version: z.string().min(1).max(100) });

const SpoolmanFilamentSchema = z.looseObject({
  id: z.number().int(),
  name: z.string().optional(),
  vendor: z.looseObject({ name: z.string() }).optional(),
  material: z.string().optional(),
  price: z.number().optional(),
  diameter: z.number().optional(),
  weight: z.number().optional(),
  color_hex: z.string().optional(),
  multi_color_hexes: z.string().optional(),
});

export const SpoolmanSpoolSchema = z.looseObject({
  id: z.number().int().positive(),
  filament: SpoolmanFilamentSchema,
  price: z.number().optional(),
  initial_weight: z.number().optional(),
  used_weight: z.number().optional(),
  remaining_weight: z.number().optional(),
  location: z.string().optional(),
  comment: z.string().optional(),
  archived: z.boolean().optional(),
});
export type SpoolmanSpool = z.infer<typeof SpoolmanSpoolSchema>;

/** Spoolman answered, but not as Spoolman does (wrong address, a proxy's error page). */
export class SpoolmanGarbage extends Error {
  constructor(what: string) {
    super(`The address answered, but not like Spoolman: ${what}.`);
    this.name = 'SpoolmanGarbage';
  }
}

/** Spoolman answered a status that says the request itself was wrong (e.g. 404 spool deleted). */
export class SpoolmanStatus extends Error {
  constructor(readonly status: number) {
    super(`Spoolman answered ${status}.`);
    this.name = 'SpoolmanStatus';
  }
}

export interface SpoolmanTarget {
  url: string;
  token: string | null;
}

const PAGE = 1000;
/** a farm's whole inventory in pages of 1000; more than this many spools is not an inventory */
const MAX_SPOOLS = 50_000;

/** The base of the API: the address a person typed, with or without `/api/v1` at its end. */
export function spoolmanApiBase(url: string): string {
  let trimmed = url;
  while (trimmed.endsWith('/')) trimmed = trimmed.slice(0, -1);
  return trimmed.endsWith('/api/v1') ? trimmed : `${trimmed}/api/v1`;
}

export function createSpoolmanClient(deps: { allowed: NetworkPolicy; timeoutMs: number }) {
  async function call(
    target: SpoolmanTarget,
    method: 'GET' | 'PUT',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: unknown; headers: Record<string, unknown> }> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': 'Printdeck-Spoolman/1',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (target.token) headers.authorization = `Bearer ${target.token}`;
    const answer = await requestTarget({
      method,
      url: `${spoolmanApiBase(target.url)}${path}`,
      ...(body !== undefined && { body: JSON.stringify(body) }),
      headers,
      allowed: deps.allowed,
      timeoutMs: deps.timeoutMs,
      maxBytes: 32 * 1024 * 1024,
    });
    if (answer.status >= 400) throw new SpoolmanStatus(answer.status);
    let json: unknown;
    try {
      json = JSON.parse(answer.body);
    } catch {
      throw new SpoolmanGarbage(`${method} ${path} did not answer JSON`);
    }
    return { status: answer.status, json, headers: answer.headers };
  }

  function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new SpoolmanGarbage(what);
    return parsed.data;
  }

  return {
    /** `GET /info`: proves the address is Spoolman, and which version. */
    async readVersion(target: SpoolmanTarget): Promise<string> {
      const { json } = await call(target, 'GET', '/info');
      return parse(SpoolmanInfoSchema, json, '/info has no version').version;
    },

    /** Every spool, archived ones too (`allow_archived`), in pages (`x-total-count`). */
    async listSpools(target: SpoolmanTarget): Promise<SpoolmanSpool[]> {
      const spools: SpoolmanSpool[] = [];
      for (let offset = 0; offset < MAX_SPOOLS; offset += PAGE) {
        const { json, headers } = await call(
          target,
          'GET',
          `/spool?allow_archived=true&sort=id:asc&limit=${PAGE}&offset=${offset}`,
        );
        const page = parse(z.array(SpoolmanSpoolSchema), json, '/spool is not a list of spools');
        spools.push(...page);
        const total = Number(headers['x-total-count']);
        const isLast = Number.isFinite(total) ? spools.length >= total : page.length < PAGE;
        if (isLast || page.length === 0) return spools;
      }
      throw new SpoolmanGarbage(`more than ${MAX_SPOOLS} spools`);
    },

    /** `PUT /spool/{id}/use {use_weight}`: Spoolman adds it atomically, and answers the spool. */
    async useSpool(target: SpoolmanTarget, spoolId: number, grams: number): Promise<void> {
      const { json } = await call(target, 'PUT', `/spool/${spoolId}/use`, { use_weight: grams });
      parse(SpoolmanSpoolSchema, json, '/use did not answer the spool');
    },
  };
}

export type SpoolmanClient = ReturnType<typeof createSpoolmanClient>;

/** A sentence for a person: why the address is not a working Spoolman. */
export function describeSpoolmanFailure(error: unknown): string {
  if (error instanceof TargetRefused || error instanceof SpoolmanGarbage) return error.message;
  if (error instanceof SpoolmanStatus) return `${error.message} Is this Spoolman's address?`;
  const code = (error as { code?: string }).code;
  if (code === 'ETIMEDOUT' || (error as Error).name === 'TimeoutError' || code === 'ABORT_ERR')
    return 'Spoolman did not answer in time.';
  if (code === 'ECONNREFUSED') return 'Nothing answers at this address.';
  return `Spoolman could not be reached (${(error as Error).message ?? String(error)}).`;
}
