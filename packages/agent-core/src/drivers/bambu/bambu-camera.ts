import { SNAPSHOT_MAX_BYTES, type SnapshotResult } from '@printdeck/shared';
import { CommandFailed, describeError } from '../driver.js';
import { openPrinterTls, type CertificatePin } from './bambu-tls.js';

export interface CameraTarget {
  host: string;
  port: number;
  serial: string;
  accessCode: string;
  pin: CertificatePin;
  timeoutMs: number;
}

/** The 80-byte auth packet of the A1/P1 camera (OpenBambuAPI `video.md`; reference §1.13). */
export function cameraAuthPacket(accessCode: string): Buffer {
  const packet = Buffer.alloc(80);
  packet.writeUInt32LE(0x40, 0);
  packet.writeUInt32LE(0x3000, 4);
  packet.write('bblp', 16, 32, 'ascii');
  packet.write(accessCode, 48, 32, 'ascii');
  return packet;
}

/**
 * One frame from the A1/P1 camera on port 6000: TLS (the printer's pinned certificate), the auth
 * packet, then a 16-byte header whose first word is the JPEG's size. Header and JPEG may be split
 * or merged across reads, so bytes are gathered by length; a session that closes without data
 * means a wrong access code (reference §1.13).
 */
export async function takeBambuSnapshot(target: CameraTarget): Promise<SnapshotResult> {
  let socket;
  try {
    socket = await openPrinterTls(target);
  } catch (error) {
    throw new CommandFailed('printer-unreachable', `The printer's camera: ${describeError(error)}`);
  }
  const tls = socket;
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    const timer = setTimeout(
      () => finish(new CommandFailed('timeout', 'The camera sent no frame.')),
      target.timeoutMs,
    );
    const finish = (result: SnapshotResult | Error) => {
      clearTimeout(timer);
      tls.removeAllListeners('data');
      tls.destroy();
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    tls.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received.length < 16) return;
      const size = received.readUInt32LE(0);
      if (size === 0 || size > SNAPSHOT_MAX_BYTES) {
        finish(new CommandFailed('internal', 'The camera frame is too large.'));
        return;
      }
      if (received.length < 16 + size) return;
      const jpeg = received.subarray(16, 16 + size);
      if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) {
        finish(new CommandFailed('internal', 'The camera sent something that is not a JPEG.'));
        return;
      }
      finish({ content_type: 'image/jpeg', data_base64: jpeg.toString('base64') });
    });
    tls.on('close', () =>
      finish(
        new CommandFailed(
          'permission-denied',
          'The camera closed without a frame: the access code may be wrong, or another viewer holds it.',
        ),
      ),
    );
    tls.write(cameraAuthPacket(target.accessCode));
  });
}
