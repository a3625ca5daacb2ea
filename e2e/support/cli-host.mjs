// The server's command line (`runCli` of apps/server/src/cli/run-cli.ts, what `apps/server/dist/
// cli.js` runs) kept loaded for one app under test: each line on stdin is one command's arguments
// as JSON, each line on stdout its answer `{ code, out, err }`. Loading the CLI costs about 2 s of
// CPU; a file that makes a dozen accounts pays it once instead of a dozen times.
// Run bundled (cli-host-bundle.ts) or with `node --import tsx`; the environment is the app's
// (DATA_DIR, DATABASE_URL).
import { createInterface } from 'node:readline';

const { runCli } = await import('../../apps/server/src/cli/run-cli.ts');

let queue = Promise.resolve();
createInterface({ input: process.stdin }).on('line', (line) => {
  // one command at a time, in order, as commands typed one after the other
  queue = queue.then(async () => {
    const out = [];
    const err = [];
    const code = await runCli(JSON.parse(line), process.env, {
      out: (text) => out.push(`${text}\n`),
      err: (text) => err.push(`${text}\n`),
    });
    process.stdout.write(`${JSON.stringify({ code, out: out.join(''), err: err.join('') })}\n`);
  });
});
process.stdin.on('end', () => queue.then(() => process.exit(0)));
