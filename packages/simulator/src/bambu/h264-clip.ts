import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/** One picture of the stream: its NAL units (no start codes), the key frame marked. */
export interface AccessUnit {
  nals: Buffer[];
  isKeyFrame: boolean;
}

/** The looped H.264 clip the virtual X1 streams, with what its SDP announces. */
export interface H264Clip {
  units: AccessUnit[];
  framesPerSecond: number;
  sps: Buffer;
  pps: Buffer;
}

const NAL_IDR = 5;
const NAL_SPS = 7;
const NAL_PPS = 8;
const NAL_AUD = 9;

export const CLIP_FPS = 15;
/** one key frame every 2 s: a new viewer waits for one, as on a real camera */
const CLIP_KEYINT = 30;

/**
 * The ffmpeg shipped with Printdeck (`@ffmpeg-installer/ffmpeg`, a 2018 static build with
 * libx264); the simulator has no other H.264 encoder.
 */
export function resolveShippedFfmpeg(): string {
  return (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

/**
 * Encodes generated frames (ffmpeg's `testsrc2`) once to an H.264 Annex B stream with libx264:
 * Baseline, no B-frames, a key frame every 2 s with SPS and PPS repeated before it, and an
 * access-unit delimiter before each picture so pictures can be told apart. The X1 sends H.264
 * (reference §1.13; OpenBambuAPI `video.md`); its resolution and rate are not documented, so
 * the clip is small to keep the simulator light.
 */
export function encodeClip(ffmpegPath: string, seconds = 2): Promise<H264Clip> {
  const args = [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=640x360:rate=${CLIP_FPS}`,
    '-t',
    String(seconds),
    '-an',
    '-c:v',
    'libx264',
    '-threads',
    '1',
    '-profile:v',
    'baseline',
    '-pix_fmt',
    'yuv420p',
    '-x264-params',
    `aud=1:repeat-headers=1:keyint=${CLIP_KEYINT}:min-keyint=${CLIP_KEYINT}:scenecut=0`,
    '-f',
    'h264',
    'pipe:1',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + String(chunk)).slice(-1000)));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`ffmpeg could not encode the clip: ${stderr}`));
      try {
        resolve(readClip(Buffer.concat(chunks)));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

const clips = new Map<string, Promise<H264Clip>>();

/** The clip, encoded once per ffmpeg and process, shared by every virtual X1. */
export function sharedClip(ffmpegPath: string): Promise<H264Clip> {
  let clip = clips.get(ffmpegPath);
  if (!clip) {
    clip = encodeClip(ffmpegPath);
    clip.catch(() => clips.delete(ffmpegPath));
    clips.set(ffmpegPath, clip);
  }
  return clip;
}

/** Splits an Annex B stream on its start codes (00 00 01, 00 00 00 01) into NAL units. */
export function splitAnnexB(stream: Buffer): Buffer[] {
  const starts: Array<{ at: number; code: number }> = [];
  for (let i = 0; i + 2 < stream.length; i++) {
    if (stream[i] === 0 && stream[i + 1] === 0 && stream[i + 2] === 1) {
      const long = i > 0 && stream[i - 1] === 0;
      starts.push({ at: long ? i - 1 : i, code: long ? 4 : 3 });
      i += 2;
    }
  }
  return starts
    .map((start, n) => stream.subarray(start.at + start.code, starts[n + 1]?.at ?? stream.length))
    .filter((nal) => nal.length > 0);
}

/** Groups the NAL units into pictures at each delimiter; the delimiters themselves are dropped. */
function readClip(stream: Buffer): H264Clip {
  const units: AccessUnit[] = [];
  let sps: Buffer | null = null;
  let pps: Buffer | null = null;
  for (const nal of splitAnnexB(stream)) {
    const type = nal[0]! & 0x1f;
    if (type === NAL_AUD) {
      units.push({ nals: [], isKeyFrame: false });
      continue;
    }
    if (type === NAL_SPS) sps ??= nal;
    if (type === NAL_PPS) pps ??= nal;
    const unit = units.at(-1);
    if (!unit) continue;
    unit.nals.push(nal);
    if (type === NAL_IDR) unit.isKeyFrame = true;
  }
  if (!sps || !pps || !units[0]?.isKeyFrame) {
    throw new Error('the encoded clip has no SPS, PPS or leading key frame');
  }
  return {
    units: units.filter((unit) => unit.nals.length > 0),
    framesPerSecond: CLIP_FPS,
    sps,
    pps,
  };
}
