import { createInterface } from 'node:readline';
import { runFaultCommand, type FaultCommand } from '../faults.js';
import { parseCli, USAGE, type CliOptions } from './args.js';

interface Running {
  url: string;
  faults: { commands(): Record<string, FaultCommand> };
  close(): Promise<void>;
}

/**
 * Starts a simulator from the command line, prints where it listens, and reads fault commands
 * (`drop`, `slow 2000`, `unplug`, `help`, …) from standard input until stopped.
 */
export async function runCli(
  title: string,
  start: (options: CliOptions) => Promise<Running & { apiKey?: string | null }>,
): Promise<void> {
  let options: CliOptions | 'help';
  try {
    options = parseCli(process.argv.slice(2));
  } catch (error) {
    console.error(`${title}: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (options === 'help') {
    console.log(`${title}\n${USAGE}`);
    return;
  }
  const sim = await start(options);
  console.log(`${title} listening on ${sim.url}`);
  if (sim.apiKey) console.log(`API key: ${sim.apiKey}`);
  console.log('type "help" for fault commands, Ctrl+C to stop');

  const commands = sim.faults.commands();
  const input = createInterface({ input: process.stdin });
  input.on('line', (line) => {
    const output = runFaultCommand(commands, line);
    if (output) console.log(output);
  });
  const stop = () => {
    input.close();
    void sim.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
