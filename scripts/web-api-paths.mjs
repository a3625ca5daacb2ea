// The web app's API operation files (`apps/web/src/**/api/*.ts`) build every API path through the
// generated contract, `apiPath('/groups/{g}/…', { … })`, so a path the server does not have fails
// the type check (issue 27). This lists each path written by hand instead: a string or template
// literal that starts like an API path (`'/users/me/'`, `` `/groups/${id}/…` ``) anywhere but as
// the first argument of `apiPath`. A path the server sent (a page's `next`) passes as a variable.
// `node scripts/web-api-paths.mjs`; exits 1 when one is found. Run by `npm run web:boundaries`;
// its unit test keeps the same in `npm test`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const WEB_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/src');
/** The client itself (base URL, sign-out page) is the transport, not an operation. */
const CLIENT_DIR = path.join(WEB_SRC, 'api');
/** `/users/me/`, `/health`, `/groups/`…; not a file of the site (`/push-sw.js`). */
const LOOKS_LIKE_API_PATH = /^\/[a-z_][\w-]*(\/|\?|$)/;

function* operationFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* operationFiles(file);
    else if (
      path.basename(dir) === 'api' &&
      dir !== CLIENT_DIR &&
      /\.tsx?$/.test(entry.name) &&
      !/\.test\.tsx?$/.test(entry.name)
    )
      yield file;
  }
}

function isApiPathTemplate(node) {
  const call = node.parent;
  return (
    ts.isCallExpression(call) &&
    call.arguments[0] === node &&
    ts.isIdentifier(call.expression) &&
    call.expression.text === 'apiPath'
  );
}

/** The hand-written paths of one file: `{ line, text }`. */
export function findHandWrittenPaths(fileName, sourceText) {
  const source = ts.createSourceFile(fileName, sourceText, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    const start =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
        ? node.text
        : ts.isTemplateExpression(node)
          ? node.head.text
          : null;
    const isType = node.parent !== undefined && ts.isLiteralTypeNode(node.parent); // ApiRequestBody<'/users/me/', 'patch'>
    if (start !== null && LOOKS_LIKE_API_PATH.test(start) && !isType && !isApiPathTemplate(node)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push({ line: line + 1, text: node.getText(source) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every hand-written path of the web API files: `{ file, line, text }`, and how many files. */
export function collectHandWrittenPaths(srcDir = WEB_SRC) {
  const found = [];
  let files = 0;
  for (const file of operationFiles(srcDir)) {
    files += 1;
    for (const hit of findHandWrittenPaths(file, readFileSync(file, 'utf8'))) {
      found.push({ file, ...hit });
    }
  }
  return { found, files };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { found, files } = collectHandWrittenPaths();
  for (const { file, line, text } of found) {
    console.log(`${path.relative(process.cwd(), file)}:${line}: ${text}`);
  }
  console.log(`API paths written by hand in ${files} web API files: ${found.length} (use apiPath)`);
  process.exit(found.length > 0 ? 1 : 0);
}
