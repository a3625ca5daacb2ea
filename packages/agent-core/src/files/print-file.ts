import {
  canDriverPrintFormat,
  describeFormatRefusal,
  type DeviceCommand,
  type PrintFileResult,
} from '@printdeck/shared';
import type { Logger } from '../log.js';
import { redactUrl } from '../log.js';
import {
  CommandFailed,
  describeError,
  type Driver,
  type JobEvent,
  type LocalPrintFile,
} from '../drivers/driver.js';
import { printerFileName } from '../drivers/host-files.js';
import { downloadPrintFile, openArrivingFile, type DownloadedFile } from './download.js';

type PrintFileCommand = Extract<DeviceCommand, { name: 'print_file' }>;

export interface PrintFilesOptions {
  driver: Driver;
  /** where downloads go while they are checked */
  dir: string;
  /** the server the agent dialled: a download path is relative to it */
  serverUrl: string;
  log: Logger;
  /** download progress, percent 0–100, or null when no download runs */
  onDownload: (jobId: number, percent: number | null) => void;
  /** in the server's own process: the file from the store instead of a download */
  fetchFile?: (command: PrintFileCommand, signal: AbortSignal) => Promise<DownloadedFile>;
}

/** Jobs remembered as started, so that the same job is never started twice. */
const REMEMBERED_JOBS = 64;

/**
 * `print_file`: download from the signed URL (or the store's presigned one, falling back to
 * the server's), check size and SHA-256, then hand the file to the printer; to OctoPrint and
 * Moonraker it is uploaded while it downloads, completed only once it matched. Never retried
 * here; a job that began once is never begun again.
 */
export class PrintFiles {
  readonly #options: PrintFilesOptions;
  readonly #started = new Map<number, PrintFileResult>();
  #busyWith: number | null = null;
  /** a job handed to the printer whose start event has not come yet, with the paths it may have */
  #handed: { jobId: number; paths: Set<string> } | null = null;
  /** the job the printer runs for the server, by the printer's identity, to tag its events */
  #running: { jobId: number; path: string; startedAt: number | undefined } | null = null;

  constructor(options: PrintFilesOptions) {
    this.#options = options;
  }

  async print(command: PrintFileCommand, signal: AbortSignal): Promise<PrintFileResult> {
    const done = this.#started.get(command.job_id);
    if (done) return done;
    if (this.#busyWith !== null) {
      throw new CommandFailed('busy', `The agent is still downloading job ${this.#busyWith}.`);
    }
    const state = this.#options.driver.getState();
    if (command.print && !(state.is_paired && state.state.flags.ready)) {
      throw new CommandFailed('not-operational', `The printer is not ready (${state.state.text}).`);
    }
    this.#busyWith = command.job_id;
    try {
      return await this.#downloadAndStore(command, signal);
    } finally {
      this.#busyWith = null;
      this.#options.onDownload(command.job_id, null);
    }
  }

  /**
   * The server's job id for a job event, only when the event is about that very print (same
   * file, same start): a print started on the printer itself, or a later one, gets none, so
   * its events never reach an old job (issue 10 #13). An ended job lets go of its id.
   */
  jobIdFor(event: JobEvent): number | null {
    const handed = this.#handed;
    const isHanded = handed !== null && event.path !== null && handed.paths.has(event.path);
    if (event.name === 'job_started') {
      if (!isHanded) return null;
      this.#handed = null;
      this.#running = { jobId: handed.jobId, path: event.path!, startedAt: event.startedAt };
      return handed.jobId;
    }
    const running = this.#running;
    if (running && event.path === running.path && isSameStart(running.startedAt, event.startedAt)) {
      this.#running = null;
      return running.jobId;
    }
    if (isHanded) {
      // its start event was missed: the end of the same file is its end
      this.#handed = null;
      return handed.jobId;
    }
    return null;
  }

  async #downloadAndStore(
    command: PrintFileCommand,
    signal: AbortSignal,
  ): Promise<PrintFileResult> {
    const { driver } = this.#options;
    // refused before the download: a .gcode.3mf only a Bambu Lab prints (issue 25)
    const format = /\.3mf$/i.test(command.file_name) ? 'gcode.3mf' : null;
    if (format && !canDriverPrintFormat(driver.kind, format)) {
      throw new CommandFailed('invalid-command', describeFormatRefusal(format));
    }
    if (!this.#options.fetchFile && command.direct_url === undefined && driver.storeArrivingFile) {
      return this.#uploadAsItArrives(command, signal, driver.storeArrivingFile.bind(driver));
    }
    const downloaded = this.#options.fetchFile
      ? await this.#options.fetchFile(command, signal)
      : await this.#download(command, signal);
    try {
      // the last point where giving up leaves the printer untouched
      if (signal.aborted)
        throw new CommandFailed('timeout', 'The download took too long; nothing was printed.');
      return await this.#hand(command, (file) =>
        driver.storeFile({ ...file, diskPath: downloaded.path }, signal),
      );
    } finally {
      await downloaded.remove();
    }
  }

  /**
   * Server downloads to a host whose upload is framed by its length: the upload runs while the
   * file downloads, and its last bytes go only once the whole file matched its SHA-256
   * (`openArrivingFile`); a mismatch or a cut ends the upload short, which the host drops.
   */
  async #uploadAsItArrives(
    command: PrintFileCommand,
    signal: AbortSignal,
    store: NonNullable<Driver['storeArrivingFile']>,
  ): Promise<PrintFileResult> {
    const url = new URL(command.url, this.#options.serverUrl).toString();
    this.#logDownload(url, command, 'server');
    const arriving = await openArrivingFile({
      url,
      size: command.size,
      sha256: command.sha256,
      signal,
      onProgress: (percent) => this.#options.onDownload(command.job_id, percent),
    });
    try {
      return await this.#hand(command, (file) =>
        store({ ...file, content: arriving.content }, signal),
      );
    } finally {
      arriving.cancel();
    }
  }

  /** Hands the file to the printer as `store` does, following the job it starts. */
  async #hand(
    command: PrintFileCommand,
    store: (file: Omit<LocalPrintFile, 'diskPath'>) => Promise<PrintFileResult>,
  ): Promise<PrintFileResult> {
    if (command.print) {
      const paths = new Set([command.file_name, printerFileName(command.file_name)]);
      this.#handed = { jobId: command.job_id, paths };
    }
    try {
      const result = await store({
        fileName: command.file_name,
        sha256: command.sha256,
        print: command.print,
        ...(command.plate !== undefined ? { plate: command.plate } : {}),
      });
      if (result.started) this.#remember(command.job_id, result);
      if (this.#handed?.jobId === command.job_id) this.#handed.paths.add(result.path);
      this.#options.log.info('print file handed to the printer', {
        job_id: command.job_id,
        ...result,
      });
      return result;
    } catch (error) {
      if (this.#handed?.jobId === command.job_id) this.#handed = null;
      throw error;
    }
  }

  /**
   * From the object store's presigned link when the server sent one (S3 storage), else, or
   * when that fails for any reason but the start's own end (expired or refused link, store
   * unreachable, cut, wrong bytes), from the server's signed link: same size and SHA-256 check.
   */
  async #download(command: PrintFileCommand, signal: AbortSignal): Promise<DownloadedFile> {
    const { log } = this.#options;
    if (command.direct_url !== undefined) {
      try {
        return await this.#downloadFrom(command.direct_url, command, signal, 'object store');
      } catch (error) {
        if (signal.aborted) throw error;
        log.warn('the object store link failed; downloading through the server', {
          job_id: command.job_id,
          url: redactUrl(command.direct_url),
          error: describeError(error),
        });
      }
    }
    // the server sends a path; the address is the server's
    const url = new URL(command.url, this.#options.serverUrl).toString();
    return this.#downloadFrom(url, command, signal, 'server');
  }

  #downloadFrom(
    url: string,
    command: PrintFileCommand,
    signal: AbortSignal,
    from: 'server' | 'object store',
  ): Promise<DownloadedFile> {
    this.#logDownload(url, command, from);
    return downloadPrintFile({
      url,
      size: command.size,
      sha256: command.sha256,
      dir: this.#options.dir,
      signal,
      onProgress: (percent) => this.#options.onDownload(command.job_id, percent),
    });
  }

  #logDownload(url: string, command: PrintFileCommand, from: 'server' | 'object store'): void {
    this.#options.log.info('downloading a print file', {
      job_id: command.job_id,
      from,
      url: redactUrl(url),
    });
    this.#options.onDownload(command.job_id, 0);
  }

  #remember(jobId: number, result: PrintFileResult): void {
    this.#started.set(jobId, result);
    if (this.#started.size > REMEMBERED_JOBS) {
      this.#started.delete(this.#started.keys().next().value as number);
    }
  }
}

/**
 * The tracker keeps a print's start while it follows it and starts a reprint of the same file
 * later, so the start is exact: a start within a minute can be another print of the same file.
 */
function isSameStart(a: number | undefined, b: number | undefined): boolean {
  return a === undefined || b === undefined || a === b;
}
