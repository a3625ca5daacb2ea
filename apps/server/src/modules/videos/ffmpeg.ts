import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/** ffmpeg failed: exit code, or did not finish in time; `reason` is short and has no paths. */
export class FfmpegError extends Error {
  constructor(
    readonly reason: string,
    readonly stderrTail: string,
  ) {
    super(reason);
    this.name = 'FfmpegError';
  }
}

/** The ffmpeg `npm install` brought (a Linux x64 build with libx264), unless a path is given. */
export function resolveFfmpegPath(configured: string | undefined): string {
  if (configured) return configured;
  const require = createRequire(import.meta.url);
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

export interface FfmpegRun {
  args: string[];
  timeoutMs: number;
  /** keep stdout (raw frames for the check); at most this many bytes */
  stdoutMaxBytes?: number;
}

const STDERR_TAIL_BYTES = 4000;

/** Runs ffmpeg once; resolves with stdout (when asked) and the tail of its log. */
export function runFfmpeg(
  ffmpegPath: string,
  run: FfmpegRun,
): Promise<{ stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, ['-hide_banner', '-nostdin', '-y', ...run.args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    let failure: string | null = null;
    const timer = setTimeout(() => {
      failure = `ffmpeg did not finish within ${Math.round(run.timeoutMs / 1000)} s`;
      child.kill('SIGKILL');
    }, run.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      if (run.stdoutMaxBytes === undefined) return;
      stdoutBytes += chunk.length;
      if (stdoutBytes > run.stdoutMaxBytes) {
        failure = 'ffmpeg wrote more than expected';
        child.kill('SIGKILL');
        return;
      }
      chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-STDERR_TAIL_BYTES);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(
        new FfmpegError(
          `ffmpeg could not run (${(error as NodeJS.ErrnoException).code ?? error.message})`,
          '',
        ),
      );
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (failure) return reject(new FfmpegError(failure, stderr));
      if (code !== 0) {
        const last = lastMeaningfulLine(stderr);
        return reject(
          new FfmpegError(
            `ffmpeg failed (${signal ?? `exit ${code}`})${last ? `: ${last}` : ''}`,
            stderr,
          ),
        );
      }
      resolve({ stdout: Buffer.concat(chunks), stderr });
    });
  });
}

/** The last log line, without file paths (the data directory stays out of messages). */
function lastMeaningfulLine(stderr: string): string {
  const line = stderr.trim().split('\n').at(-1)?.trim() ?? '';
  return line.replace(/\/[^\s:'"]+/g, '…').slice(0, 200);
}

/** What `ffmpeg -i` says about a video: its codec, pixel format, size and duration. */
export interface VideoProbe {
  codec: string | null;
  pixelFormat: string | null;
  width: number | null;
  height: number | null;
  durationSec: number | null;
}

export function parseProbe(stderr: string): VideoProbe {
  const duration = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(stderr);
  // eslint-disable-next-line regexp/no-super-linear-backtracking -- stderr is the runner's tail, capped at STDERR_TAIL_BYTES (4000)
  const video = /Stream #\S+.*?: Video: (\w+)[^,]*, (\w+)[^,]*(?:\([^)]*\))?, (\d+)x(\d+)/.exec(
    stderr,
  );
  return {
    codec: video?.[1] ?? null,
    pixelFormat: video?.[2] ?? null,
    width: video ? Number(video[3]) : null,
    height: video ? Number(video[4]) : null,
    durationSec: duration
      ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])
      : null,
  };
}

/** Reads a video's header with ffmpeg itself (this ffmpeg build ships no ffprobe). */
export async function probeVideo(ffmpegPath: string, file: string): Promise<VideoProbe> {
  // `-i` alone exits 1 ("At least one output file must be specified"): the header is in the log.
  const result = await runFfmpeg(ffmpegPath, {
    args: ['-i', file, '-f', 'null', '-frames:v', '1', '-'],
    timeoutMs: 30_000,
  });
  return parseProbe(result.stderr);
}
