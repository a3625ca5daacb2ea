import type { Generated } from 'kysely';

/** Devices: device keys, the printers they drive (also LAN mode's), printer groups and plates. */

/** LAN mode: what a printer's built-in agent drives (migration 0014). */
export interface LanPrintersTable {
  device_key_id: number;
  kind: 'octoprint' | 'moonraker' | 'bambu' | 'prusalink';
  /** http(s) URL; a Bambu Lab printer's host name or IP address */
  url: string;
  /** the OctoPrint (or older PrusaLink) API key, sealed with the server secret */
  api_key_sealed: string | null;
  created_on: string;
  /** Bambu Lab: the serial number (migration 0045) */
  serial: string | null;
  /** PrusaLink: the Digest user */
  user_name: string | null;
  /** the Bambu Lab access code or the PrusaLink password, sealed */
  password_sealed: string | null;
  /** Bambu Lab: the certificate's SHA-256, pinned on first contact */
  certificate_sha256: string | null;
}

export interface DeviceKeysTable {
  id: Generated<number>;
  public_id: string;
  secret_hash: string;
  created_by: number | null;
  created_on: string;
  last_seen_on: string | null;
  revoked_on: string | null;
  /** the workspace the key was made in; it attaches elsewhere only when shared from there */
  workspace_id: number | null;
  /** the agent identity the key paired with at its first connection */
  identity_hash: string | null;
  paired_on: string | null;
}

export interface DeviceKeySharesTable {
  device_key_id: number;
  workspace_id: number;
  shared_by: number | null;
  created_on: string;
}

export interface PrintersTable {
  id: Generated<number>;
  workspace_id: number;
  device_key_id: number;
  name: string;
  note: string;
  enabled: number;
  device_type: string;
  filament_type: string | null;
  camera_enabled: number;
  camera_rotation: number;
  jobox_enabled: number;
  created_on: string;
  octoprint_api_key: string | null;
  /** maintenance (issue 26): set while the printer is out of service, with why and since when */
  out_of_service_reason: string | null;
  out_of_service_on: string | null;
  /** cost per print (issue 26): the printer's average power while printing, in watts */
  average_power_w: Generated<number | null>;
}

/** The smart plug that meters a printer (issue 26, migration 0053). */
export interface PrinterEnergyMetersTable {
  printer_id: number;
  kind: 'tasmota' | 'shelly';
  url: string;
  /** Shelly: the switch id; Tasmota: 0 */
  channel: number;
  /** who reads it: the printer's agent or the server (migration 0057) */
  read_by: 'agent' | 'server';
  updated_on: string;
}

export interface PrinterGroupsTable {
  id: Generated<number>;
  workspace_id: number;
  name: string;
  created_on: string;
}

export interface PrinterGroupMembersTable {
  printer_group_id: number;
  printer_id: number;
}

export type PlateState = 'clear' | 'in_use';

export interface PrinterPlatesTable {
  printer_id: number;
  state: PlateState;
  changed_on: string;
}

/** Moves with every change to a workspace's queue printers or their plates (issue 31). */
export interface QueuePrinterVersionsTable {
  workspace_id: number;
  version: number;
}

/** What printer.offline / printer.error last told of a device (migration 0049). */
export interface PrinterAlertStatesTable {
  device_key_id: number;
  is_offline: Generated<number>;
  is_in_error: Generated<number>;
}

/** The tables above, by their names in the database. */
export interface DeviceTables {
  printer_alert_states: PrinterAlertStatesTable;
  lan_printers: LanPrintersTable;
  device_keys: DeviceKeysTable;
  device_key_shares: DeviceKeySharesTable;
  printers: PrintersTable;
  printer_energy_meters: PrinterEnergyMetersTable;
  printer_groups: PrinterGroupsTable;
  printer_group_members: PrinterGroupMembersTable;
  printer_plates: PrinterPlatesTable;
  queue_printer_versions: QueuePrinterVersionsTable;
}
