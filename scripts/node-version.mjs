// The Node.js version check `npm start` runs before anything else (issue 24). Plain old syntax
// and no `node:` imports, so even an old Node reads this file and prints the message instead of
// a SyntaxError with a stack.
import fs from 'fs';

/** The lowest version in the root package.json's `engines.node` (">=20.19" gives [20, 19, 0]). */
export function readRequiredVersion() {
  var text = fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8');
  var range = JSON.parse(text).engines.node;
  return parseVersion(range.replace(/^[^0-9]*/, ''));
}

export function parseVersion(text) {
  var parts = String(text).replace(/^v/, '').split('.');
  return [0, 1, 2].map(function (i) {
    return parseInt(parts[i] || '0', 10) || 0;
  });
}

/** The message for a Node.js older than `required`, or null when it is new enough. */
export function findNodeVersionProblem(current, required) {
  var have = parseVersion(current);
  for (var i = 0; i < 3; i += 1) {
    if (have[i] > required[i]) return null;
    if (have[i] < required[i]) {
      var need = required[0] + '.' + required[1];
      return [
        'Printdeck needs Node.js ' +
          need +
          ' or newer; this is Node.js ' +
          current +
          ' (' +
          process.execPath +
          ').',
        'Install Node.js 22 (LTS): on Debian, Ubuntu or Raspberry Pi OS run',
        '  curl -fsSL https://deb.nodesource.com/setup_22.x | sudo bash - && sudo apt-get install -y nodejs',
        'or with nvm (https://github.com/nvm-sh/nvm): nvm install 22 && nvm use 22',
        'or download it from https://nodejs.org/en/download. Then run npm start again.',
      ].join('\n');
    }
  }
  return null;
}

/** Stops the process with the message when this Node.js is too old. */
export function exitIfNodeTooOld() {
  var problem = findNodeVersionProblem(process.versions.node, readRequiredVersion());
  if (problem) {
    process.stderr.write(problem + '\n');
    process.exit(1);
  }
}
