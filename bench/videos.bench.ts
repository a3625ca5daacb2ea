/**
 * Timelapse figures (issue 12), against the built server with its SQLite file:
 * - the encode of a 2-hour print at one frame per 10 s (720 frames, 640×480): time from the
 *   agent's "all frames sent" to READY, and ffmpeg's peak memory (measured by /usr/bin/time
 *   around every ffmpeg run);
 * - frame ingest with 200 printers recording at once: each sends a frame every 10 s, spread
 *   over the interval, for 30 s; then all 200 at the same instant; latency per frame;
 * - the bytes kept per print hour: while recording (frames) and after (MP4, photo, strip).
 * `npm run bench:videos -- --printers 200 --seconds 30`
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { percentile, startSignedInProduct, createWorkspace, fetchJson } from './bench-helpers.js';

const { values } = parseArgs({
  options: {
    printers: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '30' },
    frames: { type: 'string', default: '720' },
  },
});
const PRINTERS = Number(values.printers);
const SECONDS = Number(values.seconds);
const FRAMES = Number(values.frames);

const require = createRequire(import.meta.url);
const REAL_FFMPEG = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;

/** 640×480 JPEGs of ffmpeg's test pattern: a moving picture with a frame counter. */
function makeFrames(dir: string, count: number): Buffer[] {
  execFileSync(REAL_FFMPEG, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=640x480:rate=1`,
    '-frames:v',
    String(count),
    '-q:v',
    '5',
    path.join(dir, '%06d.jpg'),
  ]);
  return readdirSync(dir)
    .sort()
    .map((name) => readFileSync(path.join(dir, name)));
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'printdeck-bench-videos-'));
  const dataDir = path.join(work, 'data');
  const memoryLog = path.join(work, 'ffmpeg-memory.log');
  // ffmpeg through /usr/bin/time: each run appends its peak resident memory in kilobytes
  const wrapper = path.join(work, 'ffmpeg');
  writeFileSync(
    wrapper,
    `#!/bin/sh\nexec /usr/bin/time -a -o ${memoryLog} -f %M ${REAL_FFMPEG} "$@"\n`,
  );
  chmodSync(wrapper, 0o755);
  const frameDir = mkdtempSync(path.join(work, 'frames-'));
  const started = performance.now();
  const frames = makeFrames(frameDir, FRAMES);
  const frameBytes = frames.reduce((sum, frame) => sum + frame.length, 0);
  console.log(
    `made ${frames.length} test frames in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const product = await startSignedInProduct({
    name: 'videos',
    dataDir,
    env: { FFMPEG_PATH: wrapper },
  });
  const { url, access } = product;
  const db = new Database(path.join(dataDir, 'printdeck.sqlite'));
  db.pragma('busy_timeout = 5000');
  try {
    const call = (pathName: string, init: RequestInit = {}) => fetchJson(url, pathName, init);
    const auth = { authorization: `Bearer ${access}` };
    const workspace = await createWorkspace(product, 'Print farm');

    // Devices and their running make_video jobs: written as the print start would write them.
    const devices: Array<{ key: string; identity: string; jobId: number }> = [];
    // each key paired with its agent, as the first socket connection pairs it
    const pairIdentity = db.prepare('update device_keys set identity_hash = ? where id = ?');
    const insertJob = db.prepare(
      `insert into print_jobs (workspace_id, file_name, printer_name, device_key_id, username,
         started_on, outcome, make_video) values (?, 'benchy.gcode', ?, ?, 'bench', ?, 'printing', 1)`,
    );
    for (let i = 0; i < PRINTERS; i++) {
      const { token } = await call('/api/device_keys/', { method: 'POST', headers: auth });
      const keyId = (
        db.prepare('select id from device_keys where public_id = ?').get(token.split('.')[0]) as {
          id: number;
        }
      ).id;
      const jobId = Number(
        insertJob.run(workspace, `Printer ${i + 1}`, keyId, new Date().toISOString())
          .lastInsertRowid,
      );
      const identity = createHash('sha256').update(`bench agent ${i}`).digest('base64url');
      pairIdentity.run(createHash('sha256').update(identity).digest('hex'), keyId);
      devices.push({ key: token, identity, jobId });
    }

    const send = async (device: (typeof devices)[number], seq: number, body: Buffer) => {
      const at = performance.now();
      const response = await fetch(`${url}/api/device/timelapse/frames/`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${device.key}`,
          'x-device-identity': device.identity,
          'content-type': 'image/jpeg',
          'x-printjob-id': String(device.jobId),
          'x-frame-seq': String(seq),
          'x-frame-taken-at': new Date().toISOString(),
        },
        body,
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`frame refused: ${response.status}`);
      return performance.now() - at;
    };

    // 1. Ingest: every printer a frame per 10 s, spread evenly; then all at once.
    const steady: number[] = [];
    const rounds = Math.max(1, Math.floor(SECONDS / 10));
    const spacingMs = 10_000 / PRINTERS;
    const ingestStart = performance.now();
    const pending: Array<Promise<void>> = [];
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < PRINTERS; i++) {
        const due = ingestStart + (round * PRINTERS + i) * spacingMs;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const frame = frames[(round * PRINTERS + i) % frames.length]!;
        pending.push(send(devices[i]!, round, frame).then((ms) => void steady.push(ms)));
      }
    }
    await Promise.all(pending);
    const burst = await Promise.all(
      devices.map((device, i) => send(device, rounds, frames[i % frames.length]!)),
    );
    steady.sort((a, b) => a - b);
    burst.sort((a, b) => a - b);

    // 2. Encode: one printer's 2-hour print, 720 frames, then the end and "all frames sent".
    const encoder = devices[0]!;
    const uploadStart = performance.now();
    for (let seq = rounds + 1; seq < FRAMES; seq++) await send(encoder, seq, frames[seq]!);
    const uploadS = (performance.now() - uploadStart) / 1000;
    const framesKept = db
      .prepare('select count(*) as n, sum(size) as bytes from video_frames where video_id = ?')
      .get(encoder.jobId) as { n: number; bytes: number };
    const now = new Date().toISOString();
    db.prepare(
      "update print_jobs set ended_on = ?, outcome = 'done', video_state = 'ANALYZING' where id = ?",
    ).run(now, encoder.jobId);
    db.prepare(
      "insert into background_jobs (kind, key, payload, state, run_after, created_on) values ('video.encode', ?, ?, 'pending', '9999-01-01T00:00:00.000Z', ?)",
    ).run(`video.encode:${encoder.jobId}`, JSON.stringify({ videoId: encoder.jobId }), now);
    rmSync(memoryLog, { force: true });
    const encodeStart = performance.now();
    const done = await fetch(`${url}/api/device/timelapse/${encoder.jobId}/done/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${encoder.key}`, 'x-device-identity': encoder.identity },
    });
    if (done.status !== 204) throw new Error(`done: ${done.status}`);
    let state = '';
    while (performance.now() - encodeStart < 120_000) {
      state = (
        db.prepare('select video_state from print_jobs where id = ?').get(encoder.jobId) as {
          video_state: string;
        }
      ).video_state;
      if (state !== 'ANALYZING') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const encodeS = (performance.now() - encodeStart) / 1000;
    if (state !== 'READY') throw new Error(`the video ended ${state}`);
    const video = db
      .prepare(
        'select video_size, video_key, photo_key, strip_key from videos where print_job_id = ?',
      )
      .get(encoder.jobId) as { video_size: number; photo_key: string; strip_key: string };
    const kept =
      video.video_size +
      readFileSync(path.join(dataDir, video.photo_key)).length +
      readFileSync(path.join(dataDir, video.strip_key)).length;
    const peaks = readFileSync(memoryLog, 'utf8')
      .trim()
      .split('\n')
      .map(Number)
      .filter(Number.isFinite);
    const peakMb = Math.max(...peaks) / 1024;
    const printHours = (FRAMES * 10) / 3600;

    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(
      `\nframe ingest, ${PRINTERS} printers, a frame each per 10 s for ${rounds * 10} s (${steady.length} frames, avg ${(frameBytes / frames.length / 1024).toFixed(0)} KB):`,
    );
    console.log(
      `  p50 ${ms(percentile(steady, 50))}  p99 ${ms(percentile(steady, 99))}  max ${ms(steady.at(-1)!)}`,
    );
    console.log(
      `all ${PRINTERS} at the same instant: p50 ${ms(percentile(burst, 50))}  p99 ${ms(percentile(burst, 99))}  max ${ms(burst.at(-1)!)}`,
    );
    console.log(
      `\nencode of ${framesKept.n} frames (640×480, a ${printHours.toFixed(0)}-hour print at one per 10 s):`,
    );
    console.log(`  upload of the frames by one agent: ${uploadS.toFixed(1)} s`);
    console.log(`  "all frames sent" → READY: ${encodeS.toFixed(1)} s (goal < 20 s)`);
    console.log(
      `  ffmpeg peak memory: ${peakMb.toFixed(0)} MB over ${peaks.length} runs (goal < 300 MB)`,
    );
    console.log(
      `\nbytes per print hour: ${(framesKept.bytes / printHours / 1024 / 1024).toFixed(1)} MB of frames while recording; ${(kept / printHours / 1024).toFixed(0)} KB kept after (MP4 ${(video.video_size / 1024).toFixed(0)} KB, photo and strip)`,
    );
  } finally {
    db.close();
    await product.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
