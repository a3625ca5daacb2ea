import { runCli } from './cli/run-cli.js';

runCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`Error: ${(error as Error).message}\n`);
    process.exit(1);
  },
);
