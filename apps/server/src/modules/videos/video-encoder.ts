import { copyFile, link, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { TIMELAPSE } from '@printdeck/shared';
import { runFfmpeg } from './ffmpeg.js';

/** A frame on disk, in the order it was taken. */
export interface EncodeFrame {
  path: string;
  width: number;
  height: number;
}

export interface EncodeResult {
  videoPath: string;
  photoPath: string;
  stripPath: string;
  durationSec: number;
  videoSize: number;
  /** every frame as a 32×24 grey image, for the failure check */
  thumbnails: Buffer[];
}

/** Thumbnails the check looks at: small enough to be cheap, big enough to see a change. */
export const CHECK_SIZE = { width: 32, height: 24 } as const;
const MAX_WIDTH = 1280;
const STRIP_THUMB_WIDTH = 160;

/** `count` indexes of `total`, spread evenly from the first to the last (repeating when short). */
export function pickEvenly(total: number, count: number): number[] {
  if (total <= 0 || count <= 0) return [];
  if (count === 1) return [total - 1];
  return Array.from({ length: count }, (_, i) => Math.round((i * (total - 1)) / (count - 1)));
}

const even = (value: number) => Math.max(2, Math.floor(value / 2) * 2);

/** The video's size: the last frame's, at most 1280 wide, even sides (yuv420p needs them). */
export function outputSize(frame: { width: number; height: number }) {
  const scale = Math.min(1, MAX_WIDTH / frame.width);
  return { width: even(frame.width * scale), height: even(frame.height * scale) };
}

/** Numbered links to the chosen frames: ffmpeg reads them as an image sequence. */
async function linkSequence(dir: string, frames: EncodeFrame[], picks: number[]): Promise<string> {
  await mkdir(dir, { recursive: true });
  let n = 0;
  for (const index of picks) {
    const target = path.join(dir, `${String(++n).padStart(6, '0')}.jpg`);
    await link(frames[index]!.path, target).catch(() => copyFile(frames[index]!.path, target));
  }
  return path.join(dir, '%06d.jpg');
}

/**
 * Makes the timelapse from its frames in `workDir`: an H.264 MP4 (yuv420p, fast start) of a
 * fixed length with frames chosen evenly, the final photo, a strip of 20 frames, and small
 * grey thumbnails of every frame for the failure check. Throws FfmpegError when ffmpeg fails.
 */
export async function encodeTimelapse(options: {
  ffmpegPath: string;
  frames: EncodeFrame[];
  workDir: string;
  timeoutMs: number;
}): Promise<EncodeResult> {
  const { ffmpegPath, frames, workDir, timeoutMs } = options;
  if (frames.length === 0) throw new Error('no frames to encode');
  const size = outputSize(frames.at(-1)!);
  const fit = (w: number, h: number) =>
    `scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2`;

  const allPattern = await linkSequence(
    path.join(workDir, 'all'),
    frames,
    frames.map((_, i) => i),
  );
  const videoCount = Math.min(frames.length, TIMELAPSE.videoSeconds * TIMELAPSE.videoFps);
  const videoPattern =
    videoCount === frames.length
      ? allPattern
      : await linkSequence(
          path.join(workDir, 'video'),
          frames,
          pickEvenly(frames.length, videoCount),
        );
  const videoPath = path.join(workDir, 'video.mp4');
  const check = `${CHECK_SIZE.width}x${CHECK_SIZE.height}`;

  // One pass when every frame goes into the video: decode once, encode and measure together.
  const encodeArgs = [
    '-map',
    '[v]',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '26',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    '-an',
    '-t',
    String(TIMELAPSE.videoSeconds),
    videoPath,
  ];
  const measureArgs = ['-map', '[c]', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'];
  const videoRate = `${videoCount}/${TIMELAPSE.videoSeconds}`;
  const stdoutMaxBytes = frames.length * CHECK_SIZE.width * CHECK_SIZE.height + 1;
  let raw: Buffer;
  if (videoPattern === allPattern) {
    const graph =
      `[0:v]split=2[a][b];[a]${fit(size.width, size.height)},fps=${TIMELAPSE.videoFps},format=yuv420p[v];` +
      `[b]scale=${check},format=gray[c]`;
    const { stdout } = await runFfmpeg(ffmpegPath, {
      args: [
        '-framerate',
        videoRate,
        '-i',
        videoPattern,
        '-filter_complex',
        graph,
        ...encodeArgs,
        ...measureArgs,
      ],
      timeoutMs,
      stdoutMaxBytes,
    });
    raw = stdout;
  } else {
    await runFfmpeg(ffmpegPath, {
      args: [
        '-framerate',
        videoRate,
        '-i',
        videoPattern,
        '-filter_complex',
        `[0:v]${fit(size.width, size.height)},fps=${TIMELAPSE.videoFps},format=yuv420p[v]`,
        ...encodeArgs,
      ],
      timeoutMs,
    });
    const { stdout } = await runFfmpeg(ffmpegPath, {
      args: [
        '-framerate',
        '30',
        '-i',
        allPattern,
        '-filter_complex',
        `[0:v]scale=${check},format=gray[c]`,
        ...measureArgs,
      ],
      timeoutMs,
      stdoutMaxBytes,
    });
    raw = stdout;
  }

  const stripPattern = await linkSequence(
    path.join(workDir, 'strip'),
    frames,
    pickEvenly(frames.length, TIMELAPSE.stripImages),
  );
  const thumbHeight = even((STRIP_THUMB_WIDTH * size.height) / size.width);
  const stripPath = path.join(workDir, 'strip.jpg');
  await runFfmpeg(ffmpegPath, {
    args: [
      '-framerate',
      '1',
      '-i',
      stripPattern,
      '-vf',
      `${fit(STRIP_THUMB_WIDTH, thumbHeight)},tile=${TIMELAPSE.stripImages}x1`,
      '-frames:v',
      '1',
      '-q:v',
      '4',
      stripPath,
    ],
    timeoutMs,
  });

  const photoPath = path.join(workDir, 'photo.jpg');
  await copyFile(frames.at(-1)!.path, photoPath);

  const frameBytes = CHECK_SIZE.width * CHECK_SIZE.height;
  const thumbnails = Array.from({ length: Math.floor(raw.length / frameBytes) }, (_, i) =>
    raw.subarray(i * frameBytes, (i + 1) * frameBytes),
  );
  return {
    videoPath,
    photoPath,
    stripPath,
    durationSec: TIMELAPSE.videoSeconds,
    videoSize: (await stat(videoPath)).size,
    thumbnails,
  };
}
