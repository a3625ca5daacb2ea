import { derivePrinterState, type PrintJob, type PrintStart } from '@printdeck/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import {
  DeviceCommandFailed,
  type DeviceEvent,
  type LiveDevices,
  type PresenceChange,
} from '../../gateway/live-devices.js';
import { AppError, notFound } from '../../http/app-error.js';
import type { DownloadTokens } from '../files/download-tokens.js';
import type { FilesRepository } from '../files/files.repository.js';
import type { GetPrinterForUser } from '../printers/printer-access.js';
import { toApiError } from '../printers/device-errors.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { PrintJobRow, PrintJobsRepository } from './print-jobs.repository.js';

interface Deps {
  jobs: PrintJobsRepository;
  files: FilesRepository;
  users: UsersRepository;
  workspaces: WorkspacesService;
  live: LiveDevices;
  getPrinterForUser: GetPrinterForUser;
  downloadTokens: DownloadTokens;
  clock: Clock;
  printStartTimeoutMs: number;
}

const EVENT_OUTCOMES = {
  job_started: 'printing',
  job_finished: 'done',
  job_failed: 'failed',
  job_cancelled: 'cancelled',
} as const;

export function toPrintJobResponse(row: PrintJobRow): PrintJob {
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
  };
}

/** Print jobs: started through the device, then kept true to what the device reports. */
export function createPrintJobsService(deps: Deps) {
  const { jobs, files, users, workspaces, live, getPrinterForUser, downloadTokens, clock } = deps;
  const nowIso = () => clock.now().toISOString();

  return {
    /**
     * Creates the job, then hands the device a signed link to the file; answers once the device
     * has the file and started it. Never retried: a timed-out start stays `unknown` until the
     * device says what happened.
     */
    async startPrint(
      userId: number,
      printerId: number,
      input: PrintStart,
    ): Promise<{ printjob_id: number }> {
      const printer = await getPrinterForUser(userId, printerId, 'OPERATE_PRINTERS');
      const device = live.get(printer.device_key_id);
      if (
        derivePrinterState({ isConnected: device.isConnected, state: device.state })
          .printerState !== 'READY_TO_PRINT'
      ) {
        throw new AppError('conflict', 'Not all selected printers are ready to print.');
      }
      const file = await files.findFileById(input.file_id);
      if (!file || file.workspace_id !== printer.workspace_id)
        throw notFound('Gcode does not exists.');
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
      try {
        await live.request(
          printer.device_key_id,
          {
            name: 'print_file',
            url: `/api/files/${file.id}/content/?token=${encodeURIComponent(token)}`,
            file_name: file.name,
            size: file.size,
            sha256: file.sha256,
            print: true,
            job_id: jobId,
          },
          deps.printStartTimeoutMs,
        );
      } catch (error) {
        if (error instanceof DeviceCommandFailed && error.code === 'timeout') {
          await jobs.updateJob(jobId, { outcome: 'unknown' });
          throw new AppError('request_timeout', 'It took too long to upload Gcode to printer');
        }
        await jobs.deleteJob(jobId);
        throw toApiError(error);
      }
      return { printjob_id: jobId };
    },

    async listJobs(
      userId: number,
      workspaceId: number,
      query: { file_id?: number; printer_id?: number; cursor?: string; limit: number },
    ) {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'VIEW_GROUP');
      const { rows, hasMore, count } = await jobs.listJobs({
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
      return {
        results: rows.map(toPrintJobResponse),
        count,
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

    /** Device events move a job; a device can only move its own jobs. */
    async applyDeviceEvent(deviceKeyId: number, event: DeviceEvent): Promise<void> {
      const outcome = EVENT_OUTCOMES[event.name as keyof typeof EVENT_OUTCOMES];
      if (!outcome || event.jobId === null) return;
      const job = await jobs.findJob(event.jobId);
      if (!job || job.device_key_id !== deviceKeyId) return;
      await jobs.updateJob(job.id, {
        outcome,
        ...(outcome !== 'printing' && { ended_on: nowIso() }),
      });
    },

    /** A silent device makes its running jobs unknown; a device that reports printing again gets them back. */
    async applyPresence(deviceKeyId: number, change: PresenceChange): Promise<void> {
      if (change.kind === 'detached') {
        await jobs.markDeviceJobs(deviceKeyId, 'printing', 'unknown');
      } else if (change.state.state.flags.printing || change.state.state.flags.paused) {
        await jobs.markDeviceJobs(deviceKeyId, 'unknown', 'printing');
      }
    },

    /** Wires the service to the live devices. */
    listen(logger: FastifyBaseLogger): void {
      live.onEvent((deviceKeyId, event) => {
        this.applyDeviceEvent(deviceKeyId, event).catch((error: unknown) =>
          logger.error({ err: error }, 'print job event failed'),
        );
      });
      live.onPresence((deviceKeyId, change) => {
        this.applyPresence(deviceKeyId, change).catch((error: unknown) =>
          logger.error({ err: error }, 'print job presence failed'),
        );
      });
    },
  };
}

export type PrintJobsService = ReturnType<typeof createPrintJobsService>;
