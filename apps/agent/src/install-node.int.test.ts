import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Which Node.js install.sh finds (issue 24), in a scratch root: PATH holds this machine's tools
 * but no node, HOME and PRINTDECK_INSTALL_ROOT point into a temporary folder, and the "node"
 * binaries there are small scripts that report a version and otherwise run this Node.
 */

const INSTALLER = fileURLToPath(new URL('../install.sh', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'printdeck-install-node-'));
const tools = path.join(work, 'tools');
let server: Server;
let serverUrl: string;

beforeAll(async () => {
  // every tool of /usr/bin and /bin but node: the machine "has no Node.js" on PATH
  mkdirSync(tools);
  for (const dir of ['/usr/bin', '/bin']) {
    for (const name of readdirSync(dir)) {
      if (/^node(js)?$/.test(name)) continue;
      try {
        symlinkSync(path.join(dir, name), path.join(tools, name));
      } catch {
        // the same name in both: the first one stays
      }
    }
  }
  // the server's agent download: a script that runs with any Node
  server = createServer((request, response) => {
    if (request.url === '/agent/printdeck-agent.cjs') {
      response.end("console.log('printdeck-agent test');\n");
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

let sequence = 0;
function scratchRoot(): { root: string; home: string } {
  sequence += 1;
  const root = path.join(work, `root-${sequence}`);
  const home = path.join(root, 'home', 'pi');
  mkdirSync(home, { recursive: true });
  return { root, home };
}

/** A "node" that says it is `version` and runs this machine's Node for anything else. */
function fakeNode(file: string, version: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    `#!/bin/sh\nif [ "$1" = "--version" ]; then echo "v${version}"; exit 0; fi\nexec "${process.execPath}" "$@"\n`,
  );
  chmodSync(file, 0o755);
}

async function install(root: string, home: string) {
  const child = spawn(
    'bash',
    [
      '-c',
      `echo 'pd_test.KEY' | bash '${INSTALLER}' --server '${serverUrl}' --moonraker http://127.0.0.1:7125`,
    ],
    { env: { PATH: tools, HOME: home, PRINTDECK_INSTALL_ROOT: root }, cwd: work },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close', not 'exit': the output read below may still be in the pipes at the exit
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  const start = /^ {2}(.+) \S+printdeck-agent\.cjs --config /m.exec(output)?.[1];
  return { code, output, startNode: start };
}

describe.concurrent('install.sh finds Node.js', () => {
  it('says how to install one when there is none', async () => {
    const { root, home } = scratchRoot();
    const result = await install(root, home);
    expect(result.code, result.output).toBe(2);
    expect(result.output).toContain(
      'the agent needs Node.js 18 or newer, and this computer has none.',
    );
    expect(result.output).toContain('curl -fsSL https://deb.nodesource.com/setup_22.x');
    expect(result.output).toContain('nvm install 22');
  });

  it("names a Node.js 12 as too old and stops (Debian 11's and OctoPi's)", async () => {
    const { root, home } = scratchRoot();
    fakeNode(path.join(root, 'usr/bin/node'), '12.22.12');
    const result = await install(root, home);
    expect(result.code, result.output).toBe(2);
    expect(result.output).toContain(`found only: ${path.join(root, 'usr/bin/node')} (Node.js 12)`);
    expect(result.output).toContain('deb.nodesource.com/setup_22.x');
  });

  it("uses nvm's Node.js, copied out of the home folder the service cannot see", async () => {
    const { root, home } = scratchRoot();
    fakeNode(path.join(home, '.nvm/versions/node/v20.11.1/bin/node'), '20.11.1');
    const result = await install(root, home);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain('Using Node.js v20.11.1');
    expect(result.startNode, result.output).toBe(path.join(root, 'opt/printdeck-agent/node'));
  });

  it("uses the system's newest Node.js in place", async () => {
    const { root, home } = scratchRoot();
    fakeNode(path.join(root, 'usr/bin/node'), '12.22.12');
    fakeNode(path.join(root, 'usr/local/bin/node'), '22.1.0');
    const result = await install(root, home);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain('Using Node.js v22.1.0');
    expect(result.output).not.toContain('Copied');
    expect(result.startNode, result.output).toBe(path.join(root, 'usr/local/bin/node'));
  });
});
