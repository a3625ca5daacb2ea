import type { Generated } from 'kysely';

/** Filament (issue 26): the spool inventory and what is loaded on each printer tool. */

export interface SpoolsTable {
  id: Generated<number>;
  workspace_id: number;
  material: string;
  color_hex: string;
  color_name: string;
  brand: string;
  diameter_mm: number;
  initial_weight_g: number;
  remaining_weight_g: number;
  cost_per_kg: number | null;
  location: string;
  notes: string;
  low_threshold_g: number;
  is_archived: Generated<number>;
  created_on: string;
  updated_on: string;
  /** the Spoolman spool this row mirrors (migration 0041); null for a built-in spool */
  spoolman_id: number | null;
}

/** The spool on a printer's tool (extruder 0, 1, … or an AMS tray). */
export interface PrinterSpoolsTable {
  printer_id: number;
  tool: number;
  spool_id: number;
  loaded_on: string;
}

/** What an ended job took from a spool on one tool (migration 0029); written once per job. */
export interface PrintJobSpoolUsageTable {
  print_job_id: number;
  tool: number;
  spool_id: number;
  grams: number;
  /** the Spoolman spool the grams go back to, and when they went (migration 0041) */
  spoolman_spool_id: number | null;
  spoolman_sent_on: string | null;
}

/** A workspace's Spoolman server (migration 0041); its spools replace the built-in ones. */
export interface SpoolmanConnectionsTable {
  workspace_id: number;
  url: string;
  token_sealed: string | null;
  version: string;
  connected_on: string;
  synced_on: string | null;
  sync_error: string | null;
}

/** The tables above, by their names in the database. */
export interface SpoolTables {
  spools: SpoolsTable;
  printer_spools: PrinterSpoolsTable;
  print_job_spool_usage: PrintJobSpoolUsageTable;
  spoolman_connections: SpoolmanConnectionsTable;
}
