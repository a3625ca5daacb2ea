import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Where the run's global set-up leaves the bundled CLI host (cli-host.mjs) for the files. */
export const CLI_HOST_BUNDLE_ENV = 'PRINTDECK_E2E_CLI_HOST';

/**
 * Bundles cli-host.mjs with the server's CLI once for the run, as apps/server/build.mjs bundles
 * `cli.js` (npm packages external): a host then loads in about the CPU of a CLI start, where
 * loading the TypeScript sources through tsx cost each file's host about 8 s of CPU.
 */
export async function bundleCliHost(outDir: string): Promise<string> {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'apps/server/package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const outfile = path.join(outDir, 'cli-host.mjs');
  await build({
    entryPoints: [path.join(import.meta.dirname, 'cli-host.mjs')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // the bundle lies outside apps/server: a package the server holds a version of its own of
    // (apps/server/node_modules) is bundled, the others load from the root's node_modules
    external: [
      ...Object.keys(pkg.dependencies).filter(
        (name) =>
          !name.startsWith('@printdeck/') &&
          !existsSync(path.join(ROOT, 'apps/server/node_modules', name)),
      ),
      'pino-pretty',
    ],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return outfile;
}
