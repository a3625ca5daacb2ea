import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FrameSpool } from './frame-spool.js';

const frame = (jobId: number, seq: number, bytes = 100) => ({
  jobId,
  seq,
  takenAt: 1_700_000_000_000 + seq * 10_000,
  data: Buffer.alloc(bytes, seq),
});

describe('FrameSpool', () => {
  it('keeps frames oldest first and hands back their bytes', async () => {
    const spool = new FrameSpool(mkdtempSync(path.join(tmpdir(), 'spool-')), 10_000);
    await spool.add(frame(7, 0));
    await spool.add(frame(7, 1));
    expect(spool.size).toBe(2);
    const oldest = spool.oldest()!;
    expect(oldest).toMatchObject({ jobId: 7, seq: 0 });
    expect(await spool.read(oldest)).toEqual(Buffer.alloc(100, 0));
    await spool.remove(oldest);
    expect(spool.oldest()).toMatchObject({ seq: 1 });
    expect(spool.bytes).toBe(100);
  });

  it('past its bound drops the oldest frames and counts them per job', async () => {
    const spool = new FrameSpool(mkdtempSync(path.join(tmpdir(), 'spool-')), 350);
    for (let seq = 0; seq < 6; seq++) await spool.add(frame(seq < 3 ? 1 : 2, seq));
    expect(spool.size).toBe(3);
    expect(spool.bytes).toBeLessThanOrEqual(350);
    expect(spool.oldest()).toMatchObject({ seq: 3 });
    expect(spool.droppedFor(1)).toBe(3);
    expect(spool.droppedFor(2)).toBe(0);
    expect(spool.dropped).toBe(3);
    expect(spool.hasFramesOf(1)).toBe(false);
    expect(spool.hasFramesOf(2)).toBe(true);
  });

  it('an agent that restarts finds the frames it had not sent yet', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'spool-'));
    const first = new FrameSpool(dir, 10_000);
    await first.add(frame(3, 1));
    await first.add(frame(3, 0));
    const again = new FrameSpool(dir, 10_000);
    expect(again.size).toBe(2);
    expect(again.oldest()).toMatchObject({ jobId: 3, seq: 0, size: 100 });
  });
});
