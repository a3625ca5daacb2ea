// Bundles the server and its CLI into dist/ with esbuild. npm packages stay external
// (native modules such as better-sqlite3 must load from node_modules); the workspace's
// own TypeScript packages are compiled in.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@printdeck/'));

await build({
  // main.js checks the Node.js version, then loads server.js (src/entry.ts)
  entryPoints: {
    main: 'src/entry.ts',
    server: 'src/main.ts',
    cli: 'src/cli.ts',
    // the print-file reader's thread; metadata-pool.ts loads it from beside server.js
    'gcode-metadata-worker': '../../packages/gcode/src/worker/metadata-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, 'pino-pretty'],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
