import { createServer, type Server, type TLSSocket } from 'node:tls';
import type { Camera } from '../camera/camera.js';
import { tlsOptions } from './broker.js';
import type { PrinterCertificate } from './certs.js';

export interface CameraStreamOptions {
  host: string;
  port: number;
  accessCode: string;
  certificate: PrinterCertificate;
  camera: Camera;
  /** real ms between frames (the printer: every 1–2 s) */
  frameIntervalMs: number;
}

export interface CameraStream {
  port: number;
  setCertificate(certificate: PrinterCertificate): void;
  close(): Promise<void>;
}

const AUTH_BYTES = 80;

/** The 80-byte auth packet: 0x40, 0x3000, 0, 0, then `bblp` and the access code, 32 bytes each. */
function isValidAuth(packet: Buffer, accessCode: string): boolean {
  // eslint-disable-next-line regexp/no-super-linear-move -- input is at most 32 bytes (one auth packet field)
  const text = (start: number) => packet.toString('ascii', start, start + 32).replace(/\0+$/, '');
  return (
    packet.readUInt32LE(0) === 0x40 &&
    packet.readUInt32LE(4) === 0x3000 &&
    text(16) === 'bblp' &&
    text(48) === accessCode
  );
}

/**
 * The A1/P1 camera: TLS on port 6000, one auth packet from the client, then a JPEG every 1–2 s,
 * each after a 16-byte header (size, 0, 1, 0; little-endian); a wrong access code gets a
 * session that closes without data (OpenBambuAPI `video.md`; reference §1.13).
 */
export async function startCameraStream(options: CameraStreamOptions): Promise<CameraStream> {
  const sockets = new Set<TLSSocket>();
  const server: Server = createServer(tlsOptions(options.certificate), (socket) => {
    sockets.add(socket);
    let timer: NodeJS.Timeout | null = null;
    socket.on('close', () => {
      sockets.delete(socket);
      if (timer) clearInterval(timer);
    });
    socket.on('error', () => socket.destroy());
    let received = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received.length < AUTH_BYTES) return;
      socket.off('data', onData);
      if (!isValidAuth(received.subarray(0, AUTH_BYTES), options.accessCode)) {
        socket.end();
        return;
      }
      const send = () => {
        const jpeg = options.camera.snapshot();
        const header = Buffer.alloc(16);
        header.writeUInt32LE(jpeg.length, 0);
        header.writeUInt32LE(0, 4);
        header.writeUInt32LE(1, 8);
        header.writeUInt32LE(0, 12);
        socket.write(Buffer.concat([header, jpeg]));
      };
      send();
      timer = setInterval(send, options.frameIntervalMs);
    };
    socket.on('data', onData);
  });
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    setCertificate: (certificate) => server.setSecureContext(tlsOptions(certificate)),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
