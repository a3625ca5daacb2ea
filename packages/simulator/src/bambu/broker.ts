import { createServer, type Server, type TLSSocket } from 'node:tls';
import { Aedes, type AuthenticateError } from 'aedes';
import type { PrinterCertificate } from './certs.js';

export interface BrokerOptions {
  host: string;
  port: number;
  serial: string;
  accessCode: string;
  certificate: PrinterCertificate;
  /** P1/A1 brokers take only a few clients (BambuStudio issue 2404: "4"; reference §1.3) */
  maxClients: number;
  /** a client published on `device/<serial>/request` */
  onRequest(payload: Buffer): void;
  /** a client subscribed: the printer sends nothing until asked (pushall) or something changes */
  onSubscribe?(): void;
}

export interface PrinterBroker {
  port: number;
  publishReport(message: Record<string, unknown>): void;
  publishRaw(payload: Buffer): void;
  /** every MQTT connection closed (Wi-Fi lost); new ones are taken again */
  dropClients(): void;
  /** refuse connections (printer off) until set back */
  setRefusing(isRefusing: boolean): void;
  setCertificate(certificate: PrinterCertificate): void;
  connectedClients(): number;
  close(): Promise<void>;
}

/** MQTT 3.1.1 CONNACK 4: bad user name or password (bambuddy `_record_connect_refusal`). */
function badLogin(): AuthenticateError {
  return Object.assign(new Error('bad user name or password'), { returnCode: 4 as const });
}

/**
 * The printer's MQTT broker (an in-process `aedes` behind a TLS 1.2 server): user `bblp`,
 * password = the access code, reports on `device/<serial>/report`, commands on
 * `device/<serial>/request` (OpenBambuAPI `mqtt.md` "Local MQTT server"; reference §1.2, §1.3).
 * TLS is pinned to 1.2 as X1C and H2D accept only it (bambuddy `ftp_profiles.py`).
 */
export async function startPrinterBroker(options: BrokerOptions): Promise<PrinterBroker> {
  const reportTopic = `device/${options.serial}/report`;
  const requestTopic = `device/${options.serial}/request`;
  const broker = new Aedes({
    authenticate: (_client, username, password, done) => {
      const isValid = username === 'bblp' && password?.toString('utf8') === options.accessCode;
      if (isValid) done(null, true);
      else done(badLogin(), false);
    },
    // only the printer publishes reports; clients publish commands
    authorizePublish: (client, packet, callback) => {
      if (client && packet.topic !== requestTopic) callback(new Error('not allowed'));
      else callback(null);
    },
  });
  await broker.listen();
  broker.on('publish', (packet, client) => {
    if (client && packet.topic === requestTopic) options.onRequest(Buffer.from(packet.payload));
  });
  broker.on('subscribe', () => options.onSubscribe?.());

  const sockets = new Set<TLSSocket>();
  let isRefusing = false;
  const server: Server = createServer({ ...tlsOptions(options.certificate) }, (socket) => {
    if (isRefusing || sockets.size >= options.maxClients) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    broker.handle(socket);
  });
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;

  const publishRaw = (payload: Buffer) =>
    broker.publish(
      { cmd: 'publish', topic: reportTopic, payload, qos: 0, retain: false, dup: false },
      () => undefined,
    );
  return {
    port,
    publishReport: (message) => publishRaw(Buffer.from(JSON.stringify(message))),
    publishRaw,
    dropClients: () => {
      for (const socket of sockets) socket.destroy();
    },
    setRefusing: (refusing) => {
      isRefusing = refusing;
      if (refusing) for (const socket of sockets) socket.destroy();
    },
    setCertificate: (certificate) => server.setSecureContext(tlsOptions(certificate)),
    connectedClients: () => sockets.size,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}

export function tlsOptions(certificate: PrinterCertificate) {
  return {
    key: certificate.key,
    cert: certificate.cert,
    minVersion: 'TLSv1.2' as const,
    maxVersion: 'TLSv1.2' as const,
  };
}
