// After `npm ci`: keeps better-sqlite3's compiled addon where its installer looks first, so the
// next `npm ci` on this machine unpacks it instead of compiling SQLite again (issue 27).
//
// better-sqlite3 installs with `prebuild-install || node-gyp rebuild`: no prebuilt binary is
// downloaded on these machines, so every `npm ci` compiled SQLite with node-gyp (most of the
// install's CPU: docs/benchmarks.md "Test run, round 8"). prebuild-install looks for a
// previously downloaded binary in the npm cache (`<cache>/_prebuilds/`, named after its
// download address, which holds the package version, Node's ABI, platform and architecture)
// before it asks the network. This script writes the addon this machine compiled there, under
// that same name; prebuild-install then unpacks it and loads it once to check it (a binary
// that fails to load falls back to compiling). Nothing is downloaded either way.
// `node scripts/keep-native-build.mjs` (run by .ci/run after `npm ci`); prints what it did.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const packageDir = path.join(root, 'node_modules/better-sqlite3');
const addon = 'build/Release/better_sqlite3.node';

if (!existsSync(path.join(packageDir, addon))) {
  console.log(`keep-native-build: no ${addon} in ${packageDir}; nothing kept`);
  process.exit(0);
}

const require = createRequire(path.join(packageDir, 'package.json'));
const util = require('prebuild-install/util');
const pkg = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
// the options prebuild-install itself reads (bin.js: its rc, with the package), so the name is
// the one it looks for: the address holds the version tag, Node's ABI, platform and architecture
const url = util.getDownloadUrl({ ...require('prebuild-install/rc')(pkg), pkg });
const cached = util.cachedPrebuild(url);

if (existsSync(cached)) {
  console.log(`keep-native-build: ${path.basename(url)} is kept already (${cached})`);
} else {
  mkdirSync(path.dirname(cached), { recursive: true });
  const partial = `${cached}.${process.pid}.tmp`;
  execFileSync('tar', ['-czf', partial, '-C', packageDir, addon]);
  renameSync(partial, cached);
  console.log(`keep-native-build: kept ${path.basename(url)} as ${cached}`);
}
