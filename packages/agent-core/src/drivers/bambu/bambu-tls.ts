import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { connect, type ConnectionOptions, type PeerCertificate, type TLSSocket } from 'node:tls';

/**
 * Bambu printers serve a self-signed chain (leaf `CN = <serial>`, no IP in the SAN; OpenBambuAPI
 * `tls.md`, reference §1.2), so the usual CA check cannot pass. Instead the certificate is
 * accepted only for this printer: its CN must be the serial, and its SHA-256 must equal the one
 * pinned on first contact (or given by the admin). A changed certificate is refused with words,
 * never accepted silently. TLS is pinned to 1.2 (X1C/H2D accept nothing else; bambuddy
 * `ftp_profiles.py`).
 */
export class CertificateChanged extends Error {
  constructor(
    readonly pinned: string,
    readonly seen: string,
  ) {
    super(
      `The printer's certificate changed (pinned ${short(pinned)}, now ${short(seen)}). ` +
        'If its firmware was just updated, remove the pinned certificate file or give the new ' +
        'fingerprint to trust it; otherwise another device answers at the printer’s address.',
    );
    this.name = 'CertificateChanged';
  }
}

export class CertificateMismatch extends Error {
  constructor(serial: string, commonName: string) {
    super(
      `The device at the printer's address is not printer ${serial} (its certificate names ` +
        `"${commonName}"). Check the serial number on the printer's screen (Settings → Device).`,
    );
    this.name = 'CertificateMismatch';
  }
}

const short = (fingerprint: string) => fingerprint.replace(/:/g, '').slice(0, 16);
const normalise = (fingerprint: string) => fingerprint.replace(/:/g, '').toUpperCase();

/** The pinned fingerprint: given, read from the agent's state, or taken on first contact. */
export class CertificatePin {
  #fingerprint: string | null;

  constructor(
    private readonly serial: string,
    given: string | undefined,
    private readonly file: string | undefined,
  ) {
    this.#fingerprint = given ? normalise(given) : this.#read();
  }

  get fingerprint(): string | null {
    return this.#fingerprint;
  }

  /** Throws when the certificate is not this printer's; pins it on first contact. */
  check(certificate: PeerCertificate): void {
    const commonName = String(certificate.subject?.CN ?? '');
    if (commonName !== this.serial) throw new CertificateMismatch(this.serial, commonName);
    const seen = normalise(certificate.fingerprint256 ?? '');
    if (this.#fingerprint === null) {
      this.#fingerprint = seen;
      this.#write(seen);
    } else if (this.#fingerprint !== seen) {
      throw new CertificateChanged(this.#fingerprint, seen);
    }
  }

  #read(): string | null {
    if (!this.file) return null;
    try {
      const value = readFileSync(this.file, 'utf8').trim();
      return value ? normalise(value) : null;
    } catch {
      return null;
    }
  }

  #write(fingerprint: string): void {
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
    writeFileSync(this.file, `${fingerprint}\n`, { mode: 0o600 });
  }
}

/** TLS options for every socket to the printer (MQTT, FTPS control and data). */
export function printerTlsOptions(serial: string): ConnectionOptions {
  return {
    // the chain is checked by `CertificatePin` instead (see above)
    rejectUnauthorized: false,
    servername: serial,
    minVersion: 'TLSv1.2',
    maxVersion: 'TLSv1.2',
  };
}

/**
 * A TLS connection to the printer that is handed over only after the certificate passed the
 * pin: nothing (no access code) is written before that.
 */
export function openPrinterTls(input: {
  host: string;
  port: number;
  serial: string;
  pin: CertificatePin;
  timeoutMs: number;
}): Promise<TLSSocket> {
  return new Promise((resolve, reject) => {
    const socket = connect({
      host: input.host,
      port: input.port,
      ...printerTlsOptions(input.serial),
    });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no TLS answer from ${input.host}:${input.port}`));
    }, input.timeoutMs);
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.once('close', () => {
      clearTimeout(timer);
      reject(new Error(`${input.host}:${input.port} closed the connection`));
    });
    socket.once('secureConnect', () => {
      clearTimeout(timer);
      try {
        input.pin.check(socket.getPeerCertificate());
      } catch (error) {
        socket.destroy();
        reject(error);
        return;
      }
      socket.removeAllListeners('error');
      socket.removeAllListeners('close');
      // the MQTT client adds its own; until then an error must not throw
      socket.on('error', () => undefined);
      resolve(socket);
    });
  });
}
