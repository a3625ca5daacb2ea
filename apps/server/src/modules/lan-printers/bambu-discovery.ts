import { createSocket, type Socket } from 'node:dgram';
import { isIP } from 'node:net';
import { findBambuModelName, type DiscoveredBambu } from '@printdeck/shared';
import type { Clock } from '../../clock.js';

/**
 * Bambu Lab printers announce themselves on their network (reference §1.2 "Discovery", from
 * bambuddy `virtual_printer/ssdp_server.py`): `NOTIFY * HTTP/1.1` datagrams to
 * 255.255.255.255:2021 with `Location: <ip>`, `NT: urn:bambulab-com:device:3dprinter:1`,
 * `USN: <serial>`, `DevModel.bambu.com: <model code>`, `DevName.bambu.com: <name>`.
 */
const BAMBU_NT = 'urn:bambulab-com:device:3dprinter:1';
/** a datagram larger than this is not an announcement */
const MAX_DATAGRAM_BYTES = 4096;
/** a printer not heard for this long is no longer listed (they announce every few seconds) */
const FORGET_AFTER_MS = 60_000;
/** at most this many printers are remembered: a noisy network cannot grow the list */
const MAX_PRINTERS = 500;

/** One announcement's headers → the printer it names; null for anything else. */
export function parseBambuAnnouncement(datagram: Buffer): DiscoveredBambu | null {
  if (datagram.length > MAX_DATAGRAM_BYTES) return null;
  const lines = datagram.toString('utf8').split(/\r?\n/);
  if (!/^(NOTIFY \* HTTP\/1\.1|HTTP\/1\.1 200 OK)$/i.test(lines[0]?.trim() ?? '')) return null;
  const headers = new Map<string, string>();
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  // a NOTIFY names its type in NT, an M-SEARCH answer in ST
  if ((headers.get('nt') ?? headers.get('st')) !== BAMBU_NT) return null;
  const serial = headers.get('usn') ?? '';
  const address = headers.get('location') ?? '';
  if (!/^[A-Za-z0-9]{1,64}$/.test(serial) || isIP(address) === 0) return null;
  const modelId = headers.get('devmodel.bambu.com')?.slice(0, 32) || null;
  return {
    serial,
    model_id: modelId,
    model: findBambuModelName(modelId),
    name: headers.get('devname.bambu.com')?.slice(0, 100) || null,
    address,
  };
}

/**
 * Listens for the announcements on a UDP port (LAN_BAMBU_DISCOVERY_PORT, opt-in) and keeps the
 * printers heard in the last minute, the newest announcement of each. `ready` settles with
 * null once the port is bound, or with the error (a port in use), never thrown into the server.
 */
export function listenForBambuPrinters(options: { port: number; clock: Clock }) {
  const now = (): number => options.clock.now().getTime();
  const heard = new Map<string, { printer: DiscoveredBambu; at: number }>();
  const socket: Socket = createSocket({ type: 'udp4', reuseAddr: true });

  const forgetSilent = (): void => {
    for (const [serial, entry] of heard) {
      if (now() - entry.at > FORGET_AFTER_MS) heard.delete(serial);
    }
  };

  socket.on('message', (datagram) => {
    const printer = parseBambuAnnouncement(datagram);
    if (!printer) return;
    if (!heard.has(printer.serial) && heard.size >= MAX_PRINTERS) forgetSilent();
    if (!heard.has(printer.serial) && heard.size >= MAX_PRINTERS) return;
    heard.set(printer.serial, { printer, at: now() });
  });
  const ready = new Promise<Error | null>((resolve) => {
    socket.once('listening', () => resolve(null));
    // after the bind, a socket error is the network's; the list keeps what it heard
    socket.on('error', (error) => resolve(error));
  });
  socket.bind(options.port);

  return {
    ready,
    /** the printers heard lately, by address */
    list(): DiscoveredBambu[] {
      forgetSilent();
      return [...heard.values()]
        .map((entry) => entry.printer)
        .sort((a, b) => a.address.localeCompare(b.address) || a.serial.localeCompare(b.serial));
    },
    close: () =>
      new Promise<void>((resolve) => {
        try {
          socket.close(() => resolve());
        } catch {
          // never bound (the port was taken): nothing to close
          resolve();
        }
      }),
  };
}

export type BambuDiscovery = ReturnType<typeof listenForBambuPrinters>;
