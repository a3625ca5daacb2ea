import type { VideoCheckReason } from '@printdeck/shared';
import type { PrintJobOutcome } from '../../db/schema.js';

/**
 * The failure check (docs/videos.md): plain measurements on the frames and the job, no
 * guessing. Each rule needs "most of the print" — more than half — before it speaks.
 */
export const CHECK_RULES = {
  /** a frame this dark on average (0–255 grey) shows nothing */
  blackMeanBelow: 16,
  /** "most of the print" */
  mostOf: 0.5,
  /** fewer frames than this say nothing about a frozen camera */
  frozenMinFrames: 3,
} as const;

export interface CheckInput {
  outcome: PrintJobOutcome;
  /** frames stored */
  framesReceived: number;
  /** snapshots the camera did not answer, as the agent counted them */
  cameraFailures: number;
  /** every stored frame as a small grey image, in order */
  thumbnails: Buffer[];
  /** every stored frame's SHA-256, in order: a live camera never sends the same bytes twice */
  digests: string[];
}

export interface CheckResult {
  flagged: boolean;
  reasons: VideoCheckReason[];
}

function mean(pixels: Buffer): number {
  let sum = 0;
  for (const value of pixels) sum += value;
  return pixels.length === 0 ? 0 : sum / pixels.length;
}

export function checkTimelapse(input: CheckInput): CheckResult {
  const reasons: VideoCheckReason[] = [];
  if (input.outcome === 'failed') reasons.push('print_failed');
  if (input.outcome === 'cancelled') reasons.push('print_cancelled');

  const attempts = input.framesReceived + input.cameraFailures;
  if (attempts > 0 && input.cameraFailures / attempts > CHECK_RULES.mostOf) {
    reasons.push('camera_unreachable');
  }

  const frames = input.thumbnails;
  const black = frames.filter((frame) => mean(frame) < CHECK_RULES.blackMeanBelow).length;
  if (frames.length > 0 && black / frames.length > CHECK_RULES.mostOf) reasons.push('camera_black');

  // A sensor's noise makes every real frame differ in its bytes; a stuck camera (or a snapshot
  // service serving a stale picture) repeats the very same file.
  const digests = input.digests;
  if (digests.length >= CHECK_RULES.frozenMinFrames && !reasons.includes('camera_black')) {
    let repeated = 0;
    for (let i = 1; i < digests.length; i++) if (digests[i] === digests[i - 1]) repeated++;
    if (repeated / (digests.length - 1) > CHECK_RULES.mostOf) reasons.push('camera_frozen');
  }
  return { flagged: reasons.length > 0, reasons };
}
