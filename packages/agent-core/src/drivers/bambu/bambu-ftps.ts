import { Client, FTPError } from 'basic-ftp';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ConnectionOptions } from 'node:tls';
import type { TLSSocket } from 'node:tls';
import { CommandFailed, describeError } from '../driver.js';
import { printerTlsOptions, type CertificatePin } from './bambu-tls.js';

export interface FtpsTarget {
  host: string;
  port: number;
  serial: string;
  accessCode: string;
  pin: CertificatePin;
  timeoutMs: number;
}

/** basic-ftp with the printer's certificate checked before the login is sent (see bambu-tls.ts). */
class PinnedClient extends Client {
  constructor(
    timeoutMs: number,
    private readonly pin: CertificatePin,
  ) {
    super(timeoutMs);
  }

  override connectImplicitTLS(host?: string, port?: number, tlsOptions?: ConnectionOptions) {
    const welcome = super.connectImplicitTLS(host, port, tlsOptions);
    const socket = this.ftp.socket as TLSSocket;
    // the server's 220 comes only after the handshake, and USER only after the 220
    socket.once('secureConnect', () => {
      try {
        this.pin.check(socket.getPeerCertificate());
      } catch (error) {
        socket.destroy(error as Error);
      }
    });
    return welcome;
  }
}

/**
 * One FTPS session to the printer's card: implicit TLS, `bblp` + access code, `PBSZ 0`,
 * `PROT P` (OpenBambuAPI `ftp.md`; reference §1.12). basic-ftp resumes the control connection's
 * TLS session on data connections, as vsFTPd requires.
 */
export async function withPrinterFtps<T>(
  target: FtpsTarget,
  run: (client: Client) => Promise<T>,
  deadlineMs = 0,
): Promise<T> {
  const client = new PinnedClient(target.timeoutMs, target.pin);
  let isPastDeadline = false;
  const deadline =
    deadlineMs > 0
      ? setTimeout(() => {
          isPastDeadline = true;
          client.close();
        }, deadlineMs)
      : null;
  try {
    await client.access({
      host: target.host,
      port: target.port,
      user: 'bblp',
      password: target.accessCode,
      secure: 'implicit',
      secureOptions: printerTlsOptions(target.serial),
    });
    return await run(client);
  } catch (error) {
    if (isPastDeadline) {
      throw new CommandFailed(
        'printer-unreachable',
        `The printer's file server took longer than ${Math.round(deadlineMs / 60_000)} min.`,
      );
    }
    throw ftpsFailure(error);
  } finally {
    if (deadline) clearTimeout(deadline);
    client.close();
  }
}

/**
 * How long one upload may take in all: the file at 25 KB/s, at least 10 min. Real printers
 * store 75–150 KB/s over FTPS (reference §1.12, from bambuddy `bambu_ftp.py` and ha-bambulab).
 * Within it, basic-ftp fails a try whose data or reply stalls for `FtpsTarget.timeoutMs`.
 */
export function uploadDeadlineMs(bytes: number): number {
  return Math.max(10 * 60_000, Math.ceil(bytes / 25));
}

/**
 * Read size of an upload: 1 MiB, not the 64 KiB default of a file stream. Sixteen times fewer
 * reads and stream turns per file; with 20 uploads at once (bench:bambu-start) the small reads
 * cost more than the TLS. The TLS layer still sends 16 KiB records, as any client does.
 */
const UPLOAD_READ_BYTES = 1024 * 1024;

/**
 * Sends a file from the agent's disk and checks it arrived whole: the card's `SIZE` must be the
 * local size, after the `226` or after a `426` (P2S ends some good uploads with a 426; reference
 * §1.12, bambuddy `bambu_ftp.py`). A file that changes meanwhile fails rather than half-sent.
 */
export async function uploadLocalFile(client: Client, diskPath: string, name: string) {
  const { size } = await stat(diskPath);
  const source = createReadStream(diskPath, { highWaterMark: UPLOAD_READ_BYTES });
  let aborted: FTPError | null = null;
  try {
    await client.uploadFrom(source, name);
  } catch (error) {
    if (!(error instanceof FTPError && error.code === 426)) throw error;
    aborted = error;
  } finally {
    source.destroy();
  }
  if (source.bytesRead !== size) {
    throw new CommandFailed(
      'internal',
      `The file changed on the agent's disk while it was sent (${source.bytesRead} of ${size} bytes).`,
    );
  }
  const stored = await client.size(name);
  if (stored !== size) {
    // the connection broke: another try may succeed
    throw new CommandFailed(
      'printer-unreachable',
      `The printer stored ${stored} of ${size} bytes${aborted ? ` (${aborted.message})` : ''}.`,
    );
  }
}

/** FTP's transient replies: closing (421), no data connection (425), transfer broken (426). */
const TRANSIENT_REPLIES = new Set([421, 425, 426]);

/** The printer's FTP reply in words the server passes on (reference §1.12 reply codes). */
export function ftpsFailure(error: unknown): unknown {
  if (error instanceof CommandFailed) return error;
  if (error instanceof FTPError) {
    if (error.code === 530) {
      return new CommandFailed(
        'permission-denied',
        'The printer refused the access code (FTPS 530).',
      );
    }
    if (error.code === 552 || error.code === 553) {
      return new CommandFailed(
        'busy',
        `The printer could not store the file (FTPS ${error.code}: ${error.message.replace(/^\d+\s*/, '')}); ` +
          'check that an SD card is in and has room.',
      );
    }
    return new CommandFailed(
      TRANSIENT_REPLIES.has(error.code) ? 'printer-unreachable' : 'internal',
      `The printer's file server answered: ${error.message}`,
    );
  }
  return new CommandFailed(
    'printer-unreachable',
    `The printer's file server: ${describeError(error)}`,
  );
}
