import {
  derivePrinterState,
  FILE_DOWNLOAD_LINK_TTL_SECONDS,
  findLoadedFilamentProblem,
  type FilamentRequirement,
  isFilamentWrongFor,
  LOADED_FILAMENT_MESSAGES,
  PrintFileResultSchema,
  WRONG_FILAMENT_MESSAGE,
  type DeviceState,
  type FilamentType,
  type PrintJob,
  type PrintStart,
  type PrintStartResponse,
} from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import { DeviceCommandFailed } from '../../gateway/device-command.js';
import type { DeviceEvent, LiveDevices, PresenceChange } from '../../gateway/live-devices.js';
import { AppError, notFound } from '../../http/app-error.js';
import type { FileStorage } from '../../storage/file-storage.js';
import type { DownloadTokens } from '../files/download-tokens.js';
import type { FilesRepository } from '../files/files.repository.js';
import type { GetPrinterForUser } from '../printers/printer-access.js';
import { toApiError } from '../printers/device-errors.js';
import type { PrinterSpoolsRepository } from '../spools/printer-spools.repository.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { PrintJobLifecycle } from './print-job-lifecycle.js';
import { readEndReasonCode } from './print-job-reconcile.js';
import { createPrintJobSync } from './print-job-sync.js';
import type { PrintJobRow, PrintJobsRepository } from './print-jobs.repository.js';
import { getPrintFileName } from './print-file-name.js';
import { requirePrintableOn } from './print-file-checks.js';

interface Deps {
  jobs: PrintJobsRepository;
  files: FilesRepository;
  users: UsersRepository;
  workspaces: WorkspacesService;
  live: LiveDevices;
  getPrinterForUser: GetPrinterForUser;
  downloadTokens: DownloadTokens;
  /** S3: a presigned link to the file for the device (null on the disk store) */
  storage: Pick<FileStorage, 'directReadUrl'>;
  clock: Clock;
  printStartTimeoutMs: number;
  lifecycle: PrintJobLifecycle;
  /** the spools loaded on each printer: no start of a file their material or weight cannot print */
  loadedSpools: Pick<PrinterSpoolsRepository, 'listLoadedFilament'>;
  /** how long a device may stay out of sight before its open jobs end as unknown */
  lostGraceS?: number;
  /** with several instances only the leader ends the jobs of devices out of sight */
  isLeader?: () => boolean;
}

export function toPrintJobResponse(
  row: PrintJobRow,
  spoolUsage: PrintJob['spool_usage'] = [],
): PrintJob {
  return {
    id: row.id,
    file_id: row.file_id,
    file_name: row.file_name,
    file_exists: row.file_id !== null,
    printer_id: row.printer_id,
    printer_name: row.printer_name,
    printer_exists: row.printer_id !== null,
    username: row.username,
    started_on: row.started_on,
    ended_on: row.ended_on,
    outcome: row.outcome,
    make_video: row.make_video === 1,
    video_state: row.video_state as PrintJob['video_state'],
    started_on_printer: row.started_on_printer === 1,
    end_reason: row.end_reason,
    end_reason_code: readEndReasonCode(row.end_reason),
    spool_usage: spoolUsage,
    cost:
      row.cost_total === null
        ? null
        : {
            filament: row.cost_filament,
            energy: row.cost_energy,
            machine: row.cost_machine,
            total: row.cost_total,
            currency: row.cost_currency,
          },
    energy_kwh: row.energy_kwh,
  };
}

/** Print jobs: started through the device, then kept true to what the device reports. */
export function createPrintJobsService(deps: Deps) {
  const { jobs, files, users, workspaces, live, getPrinterForUser, downloadTokens, clock } = deps;
  const { lifecycle } = deps;
  const nowIso = () => clock.now().toISOString();

  /**
   * Ends a job once; the lifecycle hooks see it in the same transaction, then after commit.
   * `reason` says why, when Printdeck concluded the outcome (or the printer gave one).
   */
  async function endJob(
    jobId: number,
    outcome: Exclude<PrintJobRow['outcome'], 'printing'>,
    reason: string | null = null,
  ): Promise<PrintJobRow | undefined> {
    await lifecycle.prepareEnd(jobId);
    const ended = await jobs.endJob(
      jobId,
      { outcome, ended_on: nowIso(), end_reason: reason?.slice(0, 1000) ?? null },
      lifecycle.runInTransaction,
    );
    if (ended) lifecycle.notifyEnded(ended);
    return ended;
  }

  /** Jobs handed to a device and not yet answered: reconcile leaves them alone. */
  const starting = new Set<number>();
  const sync = createPrintJobSync({
    jobs,
    live,
    clock,
    endJob,
    starting,
    onRecorded: (job) => lifecycle.notifyStarted(job),
    ...(deps.lostGraceS !== undefined ? { lostGraceS: deps.lostGraceS } : {}),
    ...(deps.isLeader ? { isLeader: deps.isLeader } : {}),
  });

  /**
   * What a start needs before anything is written: the printer ready and in service, the file
   * in its workspace, the filament loaded fits; answers what the start uses.
   */
  async function checkStart(
    userId: number,
    printerId: number,
    input: PrintStart,
    options: { required?: FilamentRequirement | null } = {},
  ) {
    const printer = await getPrinterForUser(userId, printerId, 'OPERATE_PRINTERS');
    if (printer.out_of_service_reason !== null)
      throw new AppError(
        'conflict',
        `The printer is out of service: ${printer.out_of_service_reason}`,
      );
    const device = live.get(printer.device_key_id);
    if (
      derivePrinterState({ isConnected: device.isConnected, state: device.state }).printerState !==
      'READY_TO_PRINT'
    ) {
      throw new AppError('conflict', 'Not all selected printers are ready to print.');
    }
    const file = await files.findFileById(input.file_id);
    if (!file || file.workspace_id !== printer.workspace_id)
      throw notFound('Gcode does not exists.');
    if (
      isFilamentWrongFor(
        printer.filament_type as FilamentType | null,
        file.filament_type as FilamentType | null,
      )
    )
      throw new AppError('conflict', WRONG_FILAMENT_MESSAGE);
    const loaded = await deps.loadedSpools.listLoadedFilament([printer.id]);
    const problem = findLoadedFilamentProblem(
      loaded.get(printer.id) ?? [],
      {
        filament_type: file.filament_type as FilamentType | null,
        filament_used_g: file.filament_used_g,
      },
      options.required,
    );
    if (problem) throw new AppError('conflict', LOADED_FILAMENT_MESSAGES[problem]);
    const plate = requirePrintableOn(device.driver, file, input.plate);
    return { printer, file, plate };
  }

  return {
    endJob,
    checkStart,

    /**
     * Creates the job, then hands the device a signed link to the file; answers once the device
     * has the file and started it. Never retried: a timed-out start stays `unknown` until the
     * device says what happened.
     */
    async startPrint(
      userId: number,
      printerId: number,
      input: PrintStart,
      /** a queue item's material and colour (issue 26): the loaded spool must have them */
      options: { required?: FilamentRequirement | null } = {},
    ): Promise<PrintStartResponse> {
      const { printer, file, plate } = await checkStart(userId, printerId, input, options);
      const user = await users.findUserById(userId);
      const jobId = await jobs.insertJob({
        workspace_id: printer.workspace_id,
        file_id: file.id,
        file_name: file.name,
        printer_id: printer.id,
        printer_name: printer.name,
        device_key_id: printer.device_key_id,
        user_id: userId,
        username: user?.username ?? '',
        started_on: nowIso(),
        ended_on: null,
        outcome: 'printing',
        make_video: input.make_video ? 1 : 0,
        video_state: input.make_video ? null : 'NOT_RECORDED',
        filament_used_g: file.filament_used_g,
        filament_used_mm: file.filament_used_mm,
        printing_time_sec: file.printing_time_sec,
      });
      const { token } = await downloadTokens.signDownloadToken({ fileId: file.id, userId });
      // S3: the bytes straight from the store by a link as short-lived as the server's own,
      // sent only to this device, as the token is; the server's link stays the fallback (and
      // is all the device gets if presigning fails: it is signed locally, with the same keys)
      const directUrl = await deps.storage
        .directReadUrl(file.storage_key, FILE_DOWNLOAD_LINK_TTL_SECONDS)
        .catch(() => null);
      starting.add(jobId);
      let result: unknown;
      try {
        result = await live.request(
          printer.device_key_id,
          {
            name: 'print_file',
            url: `/api/files/${file.id}/content/?token=${encodeURIComponent(token)}`,
            ...(directUrl !== null ? { direct_url: directUrl } : {}),
            file_name: getPrintFileName(file.name, file.format),
            size: file.size,
            sha256: file.sha256,
            print: true,
            job_id: jobId,
            make_video: input.make_video,
            ...(plate !== undefined ? { plate } : {}),
          },
          deps.printStartTimeoutMs,
        );
      } catch (error) {
        starting.delete(jobId);
        if (error instanceof DeviceCommandFailed && error.code === 'timeout') {
          // never re-sent: the device's own events or state say later whether it started
          await jobs.updateOpenJob(jobId, { outcome: 'unknown' });
          void sync.recheck(printer.device_key_id);
          throw new AppError('request_timeout', 'It took too long to upload Gcode to printer');
        }
        await jobs.deleteJob(jobId);
        throw toApiError(error);
      }
      // still being handed over until its path is stored: a start the device reported before
      // its answer finds this job by the one or by the other; between the two (the answer in,
      // the path not yet written) it found neither and recorded a second job, "started on the
      // printer" (print-job-sync.int, on a loaded machine)
      const stored = PrintFileResultSchema.safeParse(result);
      const hasNoCamera = stored.success && stored.data.video === 'no-camera';
      try {
        if (stored.success && !stored.data.started) {
          await jobs.deleteJob(jobId);
          throw new AppError(
            'conflict',
            'The printer stored the file but did not start printing it.',
          );
        }
        if (stored.success) {
          await jobs.updateOpenJob(jobId, {
            device_path: stored.data.path,
            ...(hasNoCamera ? { video_state: 'NOT_RECORDED' } : {}),
          });
        }
      } finally {
        starting.delete(jobId);
      }
      const started = await jobs.findJob(jobId);
      if (started) lifecycle.notifyStarted(started);
      await sync.recheck(printer.device_key_id);
      return { printjob_id: jobId, ...(hasNoCamera ? { warnings: ['no_camera' as const] } : {}) };
    },

    async listJobs(
      userId: number,
      workspaceId: number,
      query: { file_id?: number; printer_id?: number; cursor?: string; limit: number },
    ) {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'VIEW_GROUP');
      const { rows, hasMore, count, isCountCapped } = await jobs.listJobs({
        workspaceId,
        ...(query.file_id !== undefined && { fileId: query.file_id }),
        ...(query.printer_id !== undefined && { printerId: query.printer_id }),
        ...(query.cursor !== undefined && { beforeId: Number(query.cursor) }),
        limit: query.limit,
      });
      const next = new URLSearchParams({
        ...(query.file_id !== undefined && { file_id: String(query.file_id) }),
        ...(query.printer_id !== undefined && { printer_id: String(query.printer_id) }),
        limit: String(query.limit),
        cursor: String(rows.at(-1)?.id ?? ''),
      });
      const usage = await jobs.listSpoolUsage(rows.map((row) => row.id));
      return {
        results: rows.map((row) =>
          toPrintJobResponse(
            row,
            usage
              .filter((entry) => entry.print_job_id === row.id)
              .map(({ print_job_id: _, material, ...rest }) => ({
                ...rest,
                material: material as PrintJob['spool_usage'][number]['material'],
              })),
          ),
        ),
        count,
        count_is_capped: isCountCapped,
        next: hasMore ? `/api/groups/${workspaceId}/print-jobs/?${next}` : null,
      };
    },

    async lastPrintedFiles(userId: number, workspaceId: number) {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'VIEW_GROUP');
      const seen = new Set<number>();
      const latest = [];
      for (const row of await jobs.lastPrintedFiles(workspaceId, 10)) {
        if (row.file_id === null || seen.has(row.file_id)) continue;
        seen.add(row.file_id);
        latest.push({
          file_id: row.file_id,
          file_name: row.file_name,
          last_printed_on: row.started_on,
          printer_name: row.printer_name,
        });
        if (latest.length === 10) break;
      }
      return latest;
    },

    /** Device events move the job they are about (by the printer's identity); only its own. */
    applyDeviceEvent: (deviceKeyId: number, event: DeviceEvent) =>
      sync.applyEvent(deviceKeyId, event),

    /** A silent device makes its running jobs unknown; every state reconciles its open jobs. */
    async applyPresence(deviceKeyId: number, change: PresenceChange): Promise<void> {
      if (change.kind === 'detached') await sync.applyDetached(deviceKeyId);
      else await sync.applyState(deviceKeyId, change.state, true);
    },

    /** Ends the open jobs of devices gone longer than the grace period; answers how many. */
    sweepLostJobs: () => sync.sweepLostJobs(),

    /** A patch changed a device's state: its open jobs reconcile (snapshots: applyPresence). */
    applyState: (deviceKeyId: number, state: DeviceState) =>
      sync.applyState(deviceKeyId, state, false),
  };
}

export type PrintJobsService = ReturnType<typeof createPrintJobsService>;
