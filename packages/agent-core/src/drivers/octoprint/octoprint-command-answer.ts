import { findRefusal } from './octoprint-terminal.js';

export interface CommandAnswerTiming {
  /** the shortest wait after OctoPrint's 204 before silence counts (default 1 s) */
  answerMs: number;
  /** the longest: the push socket may bring nothing more (OctoPrint pushes on change only) */
  longestMs: number;
}

/**
 * `current` messages after the 204 that must hold no refusal: the first may have been put
 * together before the printer read the line (it holds only its `Send:`), the printer's answer
 * comes in it or the next.
 */
const PUSHES_AFTER_ANSWER = 2;

/**
 * Listens for a printer's refusal of typed commands. OctoPrint answers a typed command 204 at
 * once (reference A.3.7) and the printer's words come only as terminal lines in the push
 * socket's `current` messages, which OctoPrint sends at most every 0.5 s times the client's
 * `throttle` factor (src/octoprint/server/util/sockjs.py `_baseRateLimit`, `_throttleFactor`;
 * reference A.3.13), and only when something changed. So silence is not a time alone: it is
 * `answerMs` passed **and** two `current` messages heard after the 204 with no refusal in them.
 * On a busy host the messages come late and the wait follows them, up to `longestMs`.
 */
export class CommandAnswerWatch {
  #refusal: string | null = null;
  #isAnswered = false;
  #pushesAfterAnswer = 0;
  #onChange: () => void = () => undefined;

  constructor(
    private readonly commands: readonly string[],
    private readonly timing: CommandAnswerTiming,
  ) {}

  /** One `current` message's terminal lines (also before the 204: its `Send:` may overtake it). */
  hear(lines: readonly unknown[]): void {
    for (const line of lines) {
      if (typeof line === 'string') this.#refusal ??= findRefusal(line, this.commands);
    }
    if (this.#isAnswered) this.#pushesAfterAnswer++;
    this.#onChange();
  }

  /** After OctoPrint's 204: the printer's refusal, or null once silence counts as accepted. */
  refusal(signal: AbortSignal): Promise<string | null> {
    this.#isAnswered = true;
    return new Promise((resolve) => {
      let isShortestPassed = false;
      const finish = () => {
        clearTimeout(shortest);
        clearTimeout(longest);
        signal.removeEventListener('abort', finish);
        this.#onChange = () => undefined;
        resolve(this.#refusal);
      };
      const check = () => {
        const isSilent = isShortestPassed && this.#pushesAfterAnswer >= PUSHES_AFTER_ANSWER;
        if (this.#refusal !== null || isSilent) finish();
      };
      const shortest = setTimeout(() => {
        isShortestPassed = true;
        check();
      }, this.timing.answerMs);
      const longest = setTimeout(finish, this.timing.longestMs);
      signal.addEventListener('abort', finish);
      this.#onChange = check;
      if (signal.aborted) finish();
      else check();
    });
  }
}
