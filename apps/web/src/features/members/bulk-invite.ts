import type { InviteAnalysis } from '@printdeck/shared';

/** The same pattern the registration form uses: something@something.tld, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;

export interface BulkInviteLine {
  /** 1-based line number in the textarea */
  line: number;
  email: string;
  isValid: boolean;
}

/** Lower-cased and trimmed lines; a single empty line is ignored (spec part 2 §5). */
export function parseBulkInviteLines(text: string): BulkInviteLine[] {
  return text
    .split(/\r?\n/)
    .map((raw, index) => ({ line: index + 1, email: raw.trim().toLowerCase() }))
    .filter((entry) => entry.email !== '')
    .map((entry) => ({ ...entry, isValid: EMAIL_PATTERN.test(entry.email) }));
}

export function countInvalidLines(lines: readonly BulkInviteLine[]): number {
  return lines.filter((line) => !line.isValid).length;
}

/** The addresses sent for analysis: valid ones, each once, in the order first given. */
export function getUniqueEmails(lines: readonly BulkInviteLine[]): string[] {
  return [...new Set(lines.filter((line) => line.isValid).map((line) => line.email))];
}

/** Spec part 2 §2.10 counts, against this workspace alone (ARCHITECTURE §6). */
export interface BulkInviteCounts {
  unique: number;
  /** already members of the workspace */
  existing: number;
  /** neither members nor invited: they can be invited */
  new: number;
  /** a pending invitation waits for them */
  alreadyInvited: number;
  /** members not in the list (only listed, nothing is removed) */
  missing: number;
}

export function countAnalysis(analysis: InviteAnalysis): BulkInviteCounts {
  const count = (status: string) => analysis.results.filter((r) => r.status === status).length;
  return {
    unique: analysis.results.length,
    existing: count('member'),
    new: count('new'),
    alreadyInvited: count('invited'),
    missing: analysis.missing.length,
  };
}

/** Who "Invite all" goes to: the addresses neither in the workspace nor invited yet. */
export function getInvitableEmails(analysis: InviteAnalysis): string[] {
  return analysis.results.filter((result) => result.status === 'new').map((result) => result.email);
}

export type InviteLogEntry = {
  email: string;
  /** pending: invited, and the mail goes out once the mail server is back */
  outcome: 'invited' | 'pending' | 'failed';
  message?: string;
};

/** Sends one at a time with a pause between (spec part 2 §9), reporting each outcome. */
export async function inviteInSequence(input: {
  emails: readonly string[];
  invite: (email: string) => Promise<'invited' | 'pending'>;
  pauseMs: number;
  sleep?: (ms: number) => Promise<void>;
  onEntry: (entry: InviteLogEntry) => void;
}): Promise<void> {
  const sleep = input.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  for (const [index, email] of input.emails.entries()) {
    if (index > 0) await sleep(input.pauseMs);
    try {
      input.onEntry({ email, outcome: await input.invite(email) });
    } catch (error) {
      input.onEntry({
        email,
        outcome: 'failed',
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }
}
