/**
 * The benches' child processes (`gateway-agents.ts`, `gateway-pollers.ts`, `bambu-fleet.ts`): a
 * share of the agents, the pollers or the simulated printers in a process of their own, so the
 * figures measure the server and not the bench. Spoken to over IPC: a command, then the report
 * it answers with.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Starts `bench/<file>` under tsx with an IPC channel. */
export function forkChild(file: string): ChildProcess {
  const entry = fileURLToPath(new URL(`./${file}`, import.meta.url));
  return fork(entry, {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** Sends `command` and waits for the report of type `answer` (or the child's end). */
export async function ask<Report extends { type: string }>(
  child: ChildProcess,
  command: { type: string; [field: string]: unknown },
  answer: Report['type'],
): Promise<Report> {
  const reply = new Promise<Report>((resolve, reject) => {
    const onMessage = (message: Report) => {
      if (message.type !== answer) return;
      child.off('message', onMessage);
      resolve(message);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`child process ended (${code})`)));
  });
  child.send(command);
  return reply;
}
