/**
 * The Node.js version check the built server runs before it loads anything else (issue 24): on
 * an older Node the server's own imports fail with a SyntaxError and a stack (Node 18 has no
 * `zlib.crc32`). Kept free of imports so it runs on any Node. The same rule as `engines.node`
 * in the package.json files and scripts/node-version.mjs (`npm start`).
 */
export const REQUIRED_NODE_VERSION = [20, 19, 0] as const;

function parseVersion(text: string): number[] {
  const parts = text.replace(/^v/, '').split('.');
  return [0, 1, 2].map((i) => Number.parseInt(parts[i] ?? '0', 10) || 0);
}

/** The message for a Node.js older than the required one, or null when it is new enough. */
export function findNodeVersionProblem(
  current: string,
  executable: string,
  required: readonly number[] = REQUIRED_NODE_VERSION,
): string | null {
  const have = parseVersion(current);
  for (let i = 0; i < 3; i += 1) {
    if (have[i]! > required[i]!) return null;
    if (have[i]! < required[i]!) {
      return [
        `Printdeck needs Node.js ${required[0]}.${required[1]} or newer; this is Node.js ${current} (${executable}).`,
        'Install Node.js 22 (LTS): on Debian, Ubuntu or Raspberry Pi OS run',
        '  curl -fsSL https://deb.nodesource.com/setup_22.x | sudo bash - && sudo apt-get install -y nodejs',
        'or with nvm (https://github.com/nvm-sh/nvm): nvm install 22 && nvm use 22',
        'or download it from https://nodejs.org/en/download. Then start Printdeck again.',
      ].join('\n');
    }
  }
  return null;
}
