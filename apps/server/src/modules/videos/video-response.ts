import {
  VIDEO_CHECK_REASONS,
  type PublicVideo,
  type Video,
  type VideoCheckReason,
  type VideoFileKind,
} from '@printdeck/shared';
import type { SignedLinks } from '../files/download-tokens.js';
import type { VideoWithJob } from './videos.repository.js';

export const downloadPath = (id: number, kind: VideoFileKind) =>
  `/api/print-job-videos/download/${id}/${kind}/`;

function readReasons(text: string): VideoCheckReason[] {
  try {
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed)
      ? parsed.filter((r): r is VideoCheckReason => VIDEO_CHECK_REASONS.includes(r))
      : [];
  } catch {
    return [];
  }
}

const baseName = (name: string) => name.replace(/\.(b?gcode)$/i, '');

/** Video rows as the API answers them, with links signed for the caller. */
export function createVideoPresenter(links: SignedLinks) {
  return {
    async toVideo(
      row: VideoWithJob,
      viewer: { userId: number; canChange: boolean },
    ): Promise<Video> {
      const isReady = row.video_state === 'READY' && row.video_key !== null;
      let signed: Video['links'] = { video: null, photo: null, photo_stripe: null };
      if (isReady) {
        const { token } = await links.sign({ objectId: row.print_job_id, userId: viewer.userId });
        const query = `?token=${encodeURIComponent(token)}`;
        signed = {
          video: `${downloadPath(row.print_job_id, 'video')}${query}`,
          photo: `${downloadPath(row.print_job_id, 'photo')}${query}`,
          photo_stripe: `${downloadPath(row.print_job_id, 'photo-stripe')}${query}`,
        };
      }
      return {
        id: row.print_job_id,
        name: baseName(row.file_name),
        state: (row.video_state ?? 'RECORDING') as Video['state'],
        is_public: row.is_public === 1,
        created_on: row.created_on,
        failure_reason: row.failure_reason,
        recording_stopped: row.recording_stopped,
        duration_sec: row.duration_sec,
        size: row.video_size,
        frames: {
          received: row.frames_received,
          corrupt: row.frames_corrupt,
          dropped: row.frames_dropped,
          camera_failures: row.camera_failures,
        },
        check: {
          flagged: row.check_flagged === null ? null : row.check_flagged === 1,
          reasons: readReasons(row.check_reasons),
        },
        print_job: {
          id: row.print_job_id,
          outcome: row.outcome,
          started_on: row.started_on,
          ended_on: row.ended_on,
          printer_exists: row.printer_id !== null,
          printer_id: row.printer_id,
          printer_name: row.printer_name,
          file_exists: row.file_id !== null,
          file_id: row.file_id,
          file_name: row.file_name,
          username: row.username,
        },
        links: signed,
        can_change: viewer.canChange,
      };
    },

    toPublicVideo(row: VideoWithJob): PublicVideo {
      return {
        id: row.print_job_id,
        name: baseName(row.file_name),
        created_on: row.created_on,
        duration_sec: row.duration_sec,
        video_url: downloadPath(row.print_job_id, 'video'),
        photo_url: downloadPath(row.print_job_id, 'photo'),
        photo_stripe_url: downloadPath(row.print_job_id, 'photo-stripe'),
      };
    },
  };
}

export type VideoPresenter = ReturnType<typeof createVideoPresenter>;
