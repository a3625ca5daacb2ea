// Builds the web app, the server and the agent bundle when their output is missing or older than their
// sources, so `npm start` and the browser tests always run what the tree holds.
// `node scripts/build-if-needed.mjs server` builds only the targets named (web, server, agent):
// the cluster tests start their spawned instances from the built server and need no web app.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

const TARGETS = [
  {
    id: 'web',
    name: 'web app',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/public',
      'packages/shared/src',
    ],
    command: 'npm run build -w @printdeck/web',
  },
  {
    id: 'server',
    name: 'server',
    output: 'apps/server/dist/main.js',
    sources: [
      'apps/server/src',
      'apps/server/build.mjs',
      'packages/shared/src',
      'packages/agent-core/src',
    ],
    command: 'npm run build -w @printdeck/server',
  },
  {
    id: 'agent',
    name: 'agent bundle',
    output: 'apps/agent/dist/printdeck-agent.cjs',
    sources: [
      'apps/agent/src',
      'packages/agent-core/src',
      'apps/agent/build.mjs',
      'apps/agent/install.sh',
      'apps/agent/printdeck-agent.service',
      'packages/shared/src',
    ],
    command: 'npm run build:agent',
  },
];

export function buildIfNeeded(only = TARGETS.map((target) => target.id)) {
  const unknown = only.filter((id) => !TARGETS.some((target) => target.id === id));
  if (unknown.length > 0) {
    throw new Error(
      `unknown build target(s): ${unknown.join(', ')}; known: ${TARGETS.map((t) => t.id).join(', ')}`,
    );
  }
  for (const target of TARGETS.filter((t) => only.includes(t.id))) {
    const built = newestMtime(target.output);
    const changed = Math.max(...target.sources.map(newestMtime));
    if (built === 0 || changed > built) {
      console.log(`Building the ${target.name}…`);
      execSync(target.command, { cwd: root, stdio: 'inherit' });
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const named = process.argv.slice(2);
  buildIfNeeded(named.length > 0 ? named : undefined);
}
