import { randomBytes } from 'node:crypto';
import { createServer, type Server, type TLSSocket } from 'node:tls';
import { FileStoreError } from '../printer-model/files.js';
import type { VirtualPrinter } from '../printer-model/printer.js';
import { tlsOptions } from './broker.js';
import type { PrinterCertificate } from './certs.js';
import type { BambuPanel } from './panel.js';

export interface FtpsOptions {
  host: string;
  port: number;
  accessCode: string;
  certificate: PrinterCertificate;
  printer: VirtualPrinter;
  panel: BambuPanel;
  maxUploadBytes: number;
}

export interface PrinterFtps {
  port: number;
  /** uploads whose data connection resumed the control connection's TLS session */
  reusedSessions(): number;
  setRefusing(isRefusing: boolean): void;
  /** the next `count` uploads lose their data connection half-way (the Wi-Fi blips) */
  cutUploads(count: number): void;
  setCertificate(certificate: PrinterCertificate): void;
  close(): Promise<void>;
}

/**
 * The printer's file server: FTPS with implicit TLS (OpenBambuAPI `ftp.md`: `ftps://{ip}:990`,
 * user `bblp`, password = access code), vsFTPd's replies (reference §1.12): `PBSZ 0`, `PROT P`,
 * passive data connections in TLS, `553` when there is no card, `552` when it is full, `550`
 * for a missing file. Written here rather than taken from `ftp-srv`, whose 4.x pulls `ip@1`
 * (CVE-2023-42282), bunyan and moment, and would need an adapter to the printer's file store
 * anyway; this one stores straight into it.
 */
export async function startPrinterFtps(options: FtpsOptions): Promise<PrinterFtps> {
  // control and data servers share ticket keys, so a data connection can resume the session
  const ticketKeys = randomBytes(48);
  let certificate = options.certificate;
  let isRefusing = false;
  let reused = 0;
  const faults = { cutUploads: 0 };
  const sockets = new Set<TLSSocket>();
  const track = (socket: TLSSocket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const secure = () => ({ ...tlsOptions(certificate), ticketKeys });

  const server: Server = createServer(secure(), (socket) => {
    if (isRefusing) {
      socket.destroy();
      return;
    }
    track(socket);
    new FtpSession(socket, options, secure, track, () => reused++, faults).begin();
  });
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    reusedSessions: () => reused,
    setRefusing: (refusing) => {
      isRefusing = refusing;
      if (refusing) for (const socket of sockets) socket.destroy();
    },
    cutUploads: (count) => {
      faults.cutUploads = count;
    },
    setCertificate: (next) => {
      certificate = next;
      server.setSecureContext(secure());
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

type DataHandler = (socket: TLSSocket) => void;

class FtpSession {
  #user: string | null = null;
  #isLoggedIn = false;
  #passive: { server: Server; waiting: DataHandler | null; socket: TLSSocket | null } | null = null;
  #buffer = '';

  constructor(
    private readonly control: TLSSocket,
    private readonly options: FtpsOptions,
    private readonly secure: () => object,
    private readonly track: (socket: TLSSocket) => void,
    private readonly onReused: () => void,
    private readonly faults: { cutUploads: number },
  ) {}

  begin(): void {
    this.#send(220, '(vsFTPd 3.0.3)');
    this.control.on('data', (chunk: Buffer) => {
      this.#buffer += chunk.toString('utf8');
      if (this.#buffer.length > 4096) this.control.destroy();
      let end: number;
      while ((end = this.#buffer.indexOf('\n')) >= 0) {
        const line = this.#buffer.slice(0, end).replace(/\r$/, '');
        this.#buffer = this.#buffer.slice(end + 1);
        this.#command(line);
      }
    });
    this.control.on('close', () => this.#closePassive());
  }

  #send(code: number, text: string): void {
    if (!this.control.destroyed) this.control.write(`${code} ${text}\r\n`);
  }

  #command(line: string): void {
    const space = line.indexOf(' ');
    const verb = (space < 0 ? line : line.slice(0, space)).toUpperCase();
    const argument = space < 0 ? '' : line.slice(space + 1);
    if (
      !this.#isLoggedIn &&
      !['USER', 'PASS', 'QUIT', 'FEAT', 'AUTH', 'PBSZ', 'PROT'].includes(verb)
    ) {
      this.#send(530, 'Please login with USER and PASS.');
      return;
    }
    switch (verb) {
      case 'USER':
        this.#user = argument;
        return this.#send(331, 'Please specify the password.');
      case 'PASS':
        if (this.#user === 'bblp' && argument === this.options.accessCode) {
          this.#isLoggedIn = true;
          return this.#send(230, 'Login successful.');
        }
        return this.#send(530, 'Login incorrect.');
      case 'FEAT':
        this.control.write(
          '211-Features:\r\n PASV\r\n EPSV\r\n PBSZ\r\n PROT\r\n SIZE\r\n UTF8\r\n211 End\r\n',
        );
        return;
      case 'PBSZ':
        return this.#send(200, 'PBSZ set to 0.');
      case 'PROT':
        return this.#send(
          200,
          argument.toUpperCase() === 'C' ? 'PROT now Clear.' : 'PROT now Private.',
        );
      case 'TYPE':
        return this.#send(200, 'Switching to Binary mode.');
      case 'OPTS':
        return this.#send(200, 'Always in UTF8 mode.');
      case 'SYST':
        return this.#send(215, 'UNIX Type: L8');
      case 'PWD':
        return this.#send(257, '"/" is the current directory');
      case 'CWD':
        return this.#send(250, 'Directory successfully changed.');
      case 'NOOP':
        return this.#send(200, 'NOOP ok.');
      case 'QUIT':
        this.#send(221, 'Goodbye.');
        this.control.end();
        return;
      case 'EPSV':
      case 'PASV':
        void this.#openPassive(verb);
        return;
      case 'STOR':
        return this.#store(argument);
      case 'LIST':
      case 'NLST':
        return this.#list(verb);
      case 'SIZE': {
        const file = this.options.printer.files.get(cardPath(argument));
        return file
          ? this.#send(213, String(file.size))
          : this.#send(550, 'Could not get file size.');
      }
      case 'DELE':
        return this.options.printer.files.delete(cardPath(argument))
          ? this.#send(250, 'Delete operation successful.')
          : this.#send(550, 'Delete operation failed.');
      default:
        return this.#send(500, 'Unknown command.');
    }
  }

  async #openPassive(verb: string): Promise<void> {
    this.#closePassive();
    const server = createServer(this.secure(), (socket) => {
      this.track(socket);
      if (socket.isSessionReused()) this.onReused();
      const passive = this.#passive;
      if (!passive || passive.socket) {
        socket.destroy();
        return;
      }
      passive.socket = socket;
      passive.waiting?.(socket);
    });
    server.on('tlsClientError', () => undefined);
    this.#passive = { server, waiting: null, socket: null };
    await new Promise<void>((resolve) => server.listen(0, this.options.host, () => resolve()));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    if (verb === 'EPSV') {
      this.#send(229, `Entering Extended Passive Mode (|||${port}|)`);
    } else {
      const host = this.options.host.replace(/\./g, ',');
      this.#send(227, `Entering Passive Mode (${host},${port >> 8},${port & 255}).`);
    }
  }

  #withData(handle: DataHandler): void {
    const passive = this.#passive;
    if (!passive) {
      this.#send(425, 'Use PORT or PASV first.');
      return;
    }
    if (passive.socket) handle(passive.socket);
    else passive.waiting = handle;
  }

  #closePassive(): void {
    this.#passive?.server.close();
    this.#passive = null;
  }

  /**
   * vsFTPd: 553 without a card (cannot create), 552 when the card is full (reference §1.12). A
   * data connection that breaks mid-file answers `426 Failure reading network stream.` and keeps
   * what arrived, as vsFTPd does without `delete_failed_uploads` (vsftpd `postlogin.c`
   * handle_upload_common; `vsftpd.conf(5)`): the client deletes the partial file.
   */
  #store(argument: string): void {
    const { printer, panel, maxUploadBytes } = this.options;
    const path = cardPath(argument);
    if (!panel.hasSdCard || !path) {
      this.#send(553, 'Could not create file.');
      this.#closePassive();
      return;
    }
    this.#send(150, 'Ok to send data.');
    this.#withData((socket) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let isBroken = false;
      const cutsThis = this.faults.cutUploads > 0;
      if (cutsThis) this.faults.cutUploads--;
      socket.on('error', () => (isBroken = true));
      socket.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxUploadBytes) {
          socket.destroy();
          return;
        }
        if (cutsThis && !isBroken) {
          isBroken = true;
          socket.destroy();
          return;
        }
        chunks.push(chunk);
      });
      socket.on('close', (hadError) => {
        this.#closePassive();
        if (size > maxUploadBytes) {
          this.#send(552, 'Requested file action aborted. Exceeded storage allocation.');
          return;
        }
        if (isBroken || hadError) {
          try {
            printer.files.put(path, Buffer.concat(chunks), printer.time);
          } catch (error) {
            if (!(error instanceof FileStoreError)) throw error;
          }
          this.#send(426, 'Failure reading network stream.');
          return;
        }
        try {
          printer.files.put(path, Buffer.concat(chunks), printer.time);
          this.#send(226, 'Transfer complete.');
        } catch (error) {
          if (!(error instanceof FileStoreError)) throw error;
          this.#send(
            error.reason === 'full' ? 552 : 553,
            error.reason === 'full' ? 'Storage full.' : 'Could not create file.',
          );
        }
      });
    });
  }

  /** Unix-style LIST lines; P1 NLST gives bare names (reference §1.12). */
  #list(verb: string): void {
    const files = this.options.panel.hasSdCard ? this.options.printer.files.list() : [];
    this.#send(150, 'Here comes the directory listing.');
    this.#withData((socket) => {
      const lines = files.map((file) =>
        verb === 'NLST'
          ? file.path
          : `-rw-r--r--    1 0        0        ${String(file.size).padStart(8)} Jan 01 00:00 ${file.path}`,
      );
      socket.end(lines.map((line) => `${line}\r\n`).join(''), () => {
        this.#closePassive();
        this.#send(226, 'Directory send OK.');
      });
    });
  }
}

function cardPath(argument: string): string {
  return argument.replace(/^\/+/, '').replace(/^sdcard\//, '');
}
