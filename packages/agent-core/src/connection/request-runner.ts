import {
  DeviceCommandSchema,
  type AgentMessage,
  type DeviceCommand,
  type RequestMessage,
} from '@printdeck/shared';
import type { Logger } from '../log.js';
import { CommandFailed, describeError } from '../drivers/driver.js';

type Response = Extract<AgentMessage, { type: 'response' }>;

export interface RequestRunnerOptions {
  execute: (command: DeviceCommand, signal: AbortSignal) => Promise<unknown>;
  /** false when the answer could not go out; the server has then given up on it anyway */
  send: (response: Response) => boolean;
  log: Logger;
  /** answer this long before the server's own timeout, so that the answer still counts */
  answerMarginMs: number;
}

/** Request ids remembered, so that a repeated request is answered again but never run twice. */
const REMEMBERED_REQUESTS = 256;
const KNOWN_COMMANDS = new Set<unknown>(DeviceCommandSchema.options.map((o) => o.shape.name.value));

/**
 * Runs the server's requests: every request gets exactly one answer, before its timeout; a
 * request id seen before is never run again; a lost link aborts what is still running.
 */
export class RequestRunner {
  readonly #options: RequestRunnerOptions;
  readonly #answers = new Map<string, Response | 'running'>();
  readonly #running = new Set<AbortController>();

  constructor(options: RequestRunnerOptions) {
    this.#options = options;
  }

  handle(request: RequestMessage): void {
    const known = this.#answers.get(request.id);
    if (known === 'running') return;
    if (known) {
      this.#options.send(known);
      return;
    }
    void this.#run(request);
  }

  /** A request that did not pass the schema: answered at once, never run. */
  refuse(id: string, commandName: unknown): void {
    if (this.#answers.has(id)) return;
    const isKnown = KNOWN_COMMANDS.has(commandName);
    this.#answer(id, {
      ok: false,
      code: isKnown ? 'invalid-command' : 'not-supported',
      message: isKnown
        ? `The ${String(commandName)} command was not valid.`
        : `This agent does not know the command ${String(commandName)}.`,
    });
  }

  /** The server link is gone: nothing still running can be answered; stop it where it can stop. */
  abortAll(): void {
    for (const controller of this.#running) controller.abort();
  }

  async #run(request: RequestMessage): Promise<void> {
    const controller = new AbortController();
    this.#running.add(controller);
    this.#remember(request.id, 'running');
    let isAnswered = false;
    const answerOnce = (outcome: Outcome) => {
      if (isAnswered) return;
      isAnswered = true;
      this.#answer(request.id, outcome);
    };
    const deadline = setTimeout(
      () => {
        answerOnce({ ok: false, code: 'timeout', message: 'The printer did not finish in time.' });
        controller.abort();
      },
      Math.max(50, request.timeout_ms - this.#options.answerMarginMs),
    );
    try {
      const result = await this.#options.execute(request.command, controller.signal);
      answerOnce({ ok: true, result: result ?? null });
    } catch (error) {
      answerOnce(toFailure(error, request.command.name, this.#options.log));
    } finally {
      clearTimeout(deadline);
      this.#running.delete(controller);
    }
  }

  #answer(id: string, outcome: Outcome): void {
    const response: Response = outcome.ok
      ? { type: 'response', id, ok: true, result: outcome.result }
      : {
          type: 'response',
          id,
          ok: false,
          error: { code: outcome.code, message: outcome.message.slice(0, 2000) },
        };
    this.#remember(id, response);
    this.#options.send(response);
  }

  #remember(id: string, value: Response | 'running'): void {
    this.#answers.delete(id);
    this.#answers.set(id, value);
    while (this.#answers.size > REMEMBERED_REQUESTS) {
      const oldest = this.#answers.keys().next().value as string;
      this.#answers.delete(oldest);
    }
  }
}

type Outcome =
  { ok: true; result: unknown } | { ok: false; code: CommandFailed['code']; message: string };

function toFailure(error: unknown, commandName: string, log: Logger): Outcome {
  if (error instanceof CommandFailed) {
    log.info('command refused', { command: commandName, code: error.code, message: error.message });
    return { ok: false, code: error.code, message: error.message };
  }
  log.error('command failed unexpectedly', { command: commandName, error: describeError(error) });
  return { ok: false, code: 'internal', message: 'The agent failed to run the command.' };
}
