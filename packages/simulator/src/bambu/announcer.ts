import { createSocket } from 'node:dgram';

export interface AnnounceOptions {
  /** where the announcements go: UDP on 127.0.0.1 (the printer: broadcast to port 2021) */
  port: number;
  /** real ms between announcements (the printer: every few seconds); default 2000 */
  intervalMs?: number;
}

/**
 * The printer's SSDP-like announcement (reference §1.2 "Discovery", after bambuddy
 * `virtual_printer/ssdp_server.py`): `NOTIFY * HTTP/1.1` with its address, serial, model code
 * and name, sent at once and then every interval. Sent to 127.0.0.1, not broadcast, so that
 * simulated printers on one machine do not reach the network.
 */
export function bambuAnnouncement(input: {
  address: string;
  serial: string;
  modelId: string;
  name: string;
}): string {
  return [
    'NOTIFY * HTTP/1.1',
    'HOST: 239.255.255.250:1990',
    'Server: UPnP/1.0',
    `Location: ${input.address}`,
    'NT: urn:bambulab-com:device:3dprinter:1',
    'NTS: ssdp:alive',
    `USN: ${input.serial}`,
    'Cache-Control: max-age=1800',
    `DevModel.bambu.com: ${input.modelId}`,
    `DevName.bambu.com: ${input.name}`,
    'DevConnect.bambu.com: lan',
    'DevBind.bambu.com: free',
    'Devseclink.bambu.com: secure',
    'DevVersion.bambu.com: 01.08.02.00',
    '',
    '',
  ].join('\r\n');
}

export function startAnnouncer(options: AnnounceOptions, message: () => string) {
  const socket = createSocket('udp4');
  // nobody listening is the normal case: an error is not the simulator's
  socket.on('error', () => undefined);
  const send = () => socket.send(message(), options.port, '127.0.0.1');
  send();
  const timer = setInterval(send, options.intervalMs ?? 2000);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        socket.close(() => resolve());
      }),
  };
}
