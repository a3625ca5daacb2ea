import { findNodeVersionProblem } from './node-version.js';

/**
 * The built server's entry (dist/main.js): the Node.js version first, then the server
 * (dist/server.js, built from main.ts). The server is loaded by a computed address so the
 * bundler keeps it apart: its imports would fail on an old Node before any check could run.
 */
const problem = findNodeVersionProblem(process.versions.node, process.execPath);
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
const serverModule = new URL('./server.js', import.meta.url).href;
await import(serverModule);
