import path from 'node:path';
import type { PrinterHost, ProbeResult } from '@printdeck/agent-core';
import type { LanPrinterKind } from '@printdeck/shared';
import type { SecretBox } from '../../crypto/secret-box.js';
import { fieldError } from '../../http/app-error.js';
import type { LanPrinterRow } from './lan-printers.repository.js';

/** A Bambu Lab printer's MQTT, FTPS and camera ports (LAN_BAMBU_PORTS). */
export interface BambuPorts {
  mqtt: number;
  ftps: number;
  /** the A1/P1 JPEG camera */
  camera: number;
  /** the X1/P2S/H2 RTSPS camera */
  rtsps: number;
}

/**
 * The printers' own (reference §1: 8883 MQTT over TLS, 990 implicit FTPS, 6000 camera of the
 * A1/P1, 322 RTSPS camera of the X1/P2S/H2).
 */
export const PRINTER_BAMBU_PORTS: BambuPorts = { mqtt: 8883, ftps: 990, camera: 6000, rtsps: 322 };

/** What a LAN printer's row says about reaching it, the secrets open. */
export interface LanConnection {
  kind: LanPrinterKind;
  url: string;
  serial: string;
  user: string;
  /** the Bambu access code or the PrusaLink password */
  password: string;
  apiKey: string;
  certificateSha256: string | null;
}

export function openConnection(row: LanPrinterRow, box: SecretBox): LanConnection {
  const open = (sealed: string | null) => (sealed ? box.open(sealed).toString('utf8') : '');
  return {
    kind: row.kind,
    url: row.url,
    serial: row.serial ?? '',
    user: row.user_name ?? '',
    password: open(row.password_sealed),
    apiKey: open(row.api_key_sealed),
    certificateSha256: row.certificate_sha256,
  };
}

/** The columns a connection is stored in, the secrets sealed. */
export function sealConnection(connection: LanConnection, box: SecretBox) {
  const seal = (secret: string) => (secret ? box.seal(Buffer.from(secret, 'utf8')) : null);
  return {
    kind: connection.kind,
    url: connection.url,
    serial: connection.serial || null,
    user_name: connection.user || null,
    password_sealed: seal(connection.password),
    api_key_sealed: seal(connection.apiKey),
    certificate_sha256: connection.certificateSha256,
  };
}

/**
 * The host a built-in agent (or a probe) drives. A Bambu printer is trusted by the certificate
 * pinned on first contact (`certificateSha256`), else pinned into `pinFile` (a probe).
 */
export function printerHostOf(
  connection: LanConnection,
  bambuPorts: BambuPorts,
  pinFile?: string,
): PrinterHost {
  switch (connection.kind) {
    case 'octoprint':
      return { kind: 'octoprint', url: connection.url, apiKey: connection.apiKey };
    case 'moonraker':
      return { kind: 'moonraker', url: connection.url };
    case 'prusalink':
      return {
        kind: 'prusalink',
        url: connection.url,
        ...(connection.user ? { user: connection.user } : {}),
        ...(connection.password ? { password: connection.password } : {}),
        ...(connection.apiKey ? { apiKey: connection.apiKey } : {}),
      };
    case 'bambu':
      return {
        kind: 'bambu',
        url: connection.url,
        serial: connection.serial,
        accessCode: connection.password,
        mqttPort: bambuPorts.mqtt,
        ftpsPort: bambuPorts.ftps,
        cameraPort: bambuPorts.camera,
        rtspsPort: bambuPorts.rtsps,
        ...(connection.certificateSha256
          ? { certificateSha256: connection.certificateSha256 }
          : {}),
        ...(pinFile ? { pinFile } : {}),
      };
  }
}

/** Where a probe pins a Bambu certificate before the printer exists. */
export function probePinFile(dataDir: string, nonce: string): string {
  return path.join(dataDir, 'lan-agents', 'probes', `${nonce}.sha256`);
}

/**
 * A probe that did not answer as a working printer, as a 400 naming the field to fix: the
 * address when nothing answered, else the credential the printer refused.
 */
export function probeFieldError(connection: LanConnection, result: ProbeResult): Error | null {
  if (result.outcome === 'answered') return null;
  if (result.outcome === 'unreachable') {
    return fieldError('url', `The printer does not answer at this address: ${result.detail}`);
  }
  const field =
    connection.kind === 'bambu'
      ? // the certificate names another serial (CertificateMismatch), else the code was refused
        /serial number/.test(result.detail)
        ? 'serial'
        : 'access_code'
      : connection.kind === 'prusalink' && !connection.password
        ? 'api_key'
        : connection.kind === 'prusalink'
          ? 'password'
          : 'api_key';
  return fieldError(field, result.detail);
}
