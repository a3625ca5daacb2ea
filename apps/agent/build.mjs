// `npm run build:agent`: the agent and every dependency it has (ws, zod, @printdeck/shared) in
// one CommonJS file that runs with plain Node.js 18 or newer, beside its installer and systemd
// unit. The server hands these three files out at /agent/ (apps/server/src/modules/agent-downloads).
import { chmod, copyFile, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
export const AGENT_DIST = path.join(here, 'dist');

export async function buildAgent({ outDir = AGENT_DIST } = {}) {
  const bundle = path.join(outDir, 'printdeck-agent.cjs');
  await mkdir(outDir, { recursive: true });
  await build({
    entryPoints: [path.join(here, 'src/cli.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node18',
    minify: true,
    legalComments: 'none',
    // ws uses these native helpers only when they are installed; the agent never needs them
    external: ['bufferutil', 'utf-8-validate'],
    banner: { js: '#!/usr/bin/env node' },
    logLevel: 'warning',
  });
  await chmod(bundle, 0o755);
  for (const file of ['install.sh', 'printdeck-agent.service']) {
    await copyFile(path.join(here, file), path.join(outDir, file));
  }
  return { bundle, bytes: (await stat(bundle)).size };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // `node build.mjs [DIR]`: into DIR instead of apps/agent/dist (the bundle's own test)
  const outDir = process.argv[2] ? path.resolve(process.argv[2]) : AGENT_DIST;
  const { bundle, bytes } = await buildAgent({ outDir });
  console.log(`${path.relative(process.cwd(), bundle)}: ${(bytes / 1024).toFixed(0)} KB`);
}
