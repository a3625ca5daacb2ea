// The web app's feature boundaries (STYLE.md habit 11), in one place for the lint rule, the
// figures script and the cycle test:
// - features are leaves: a feature imports no other feature (not even its index.ts); what
//   several features need lives in a shared layer (`shared/<noun>/`, components/, lib/ …), and
//   `app/` (routes, layouts) puts features side by side or fills a feature's slot;
// - nothing under `features/` imports `app/`;
// - the shared layers (shared/, components/, lib/, api/, session/, i18n/, config/) import no
//   feature and not `app/`;
// - features do not import each other in a cycle (kept for the figures; with leaves there is none).
// `app/`, `main.tsx` and `test/` compose the features and may open any of their files.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const WEB_SRC = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../apps/web/src',
);

const COMPOSING_LAYERS = new Set(['app', 'test', 'main.tsx']);

/** Where a file of the web app sits: a feature, `app`, a composing or a shared layer. */
export function locate(file, srcDir = WEB_SRC) {
  const parts = path.relative(srcDir, file).split(path.sep);
  if (parts[0] === '..' || path.isAbsolute(parts[0])) return { layer: 'outside' };
  if (parts[0] === 'features' && parts.length > 1) {
    const rest = parts.slice(2).join('/');
    return {
      layer: 'feature',
      feature: parts[1],
      isIndex: rest === '' || /^index\.tsx?$/.test(rest) || rest === 'index',
    };
  }
  if (parts[0] === 'app') return { layer: 'app' };
  if (COMPOSING_LAYERS.has(parts[0])) return { layer: 'composing' };
  return { layer: 'shared' };
}

/**
 * The rule an import breaks, or null. `fromFile` is absolute; only relative specifiers can
 * reach another part of the app (it has no path aliases).
 */
export function findBoundaryViolation(fromFile, specifier, srcDir = WEB_SRC) {
  if (!specifier.startsWith('.')) return null;
  const from = locate(fromFile, srcDir);
  const target = locate(path.resolve(path.dirname(fromFile), specifier), srcDir);
  if (from.layer === 'feature') {
    if (target.layer === 'app') return 'featureImportsApp';
    if (target.layer === 'feature' && target.feature !== from.feature) {
      return 'featureImportsFeature';
    }
    return null;
  }
  if (from.layer === 'shared' && (target.layer === 'feature' || target.layer === 'app')) {
    return 'sharedImportsFeature';
  }
  return null;
}

const MESSAGES = {
  featureImportsApp:
    'A feature does not import app/: move what it needs into lib/, session/ or components/, or pass it in.',
  featureImportsFeature:
    "Features are leaves: move what '{{feature}}' shares into shared/<noun>/ (or components/, lib/), or let app/routes put the two side by side or fill a slot.",
  sharedImportsFeature:
    'components/, lib/, api/, session/, i18n/ and config/ serve every feature: they import no feature and not app/.',
};

/** The ESLint plugin: `feature-boundaries/imports`. */
export const featureBoundariesPlugin = {
  rules: {
    imports: {
      meta: { type: 'problem', messages: MESSAGES, schema: [] },
      create(context) {
        const check = (source) => {
          if (!source || typeof source.value !== 'string') return;
          const violation = findBoundaryViolation(context.filename, source.value);
          if (!violation) return;
          const target = locate(path.resolve(path.dirname(context.filename), source.value));
          const feature = path.relative(
            path.dirname(context.filename),
            path.join(WEB_SRC, 'features', target.feature ?? ''),
          );
          context.report({ node: source, messageId: violation, data: { feature } });
        };
        return {
          ImportDeclaration: (node) => check(node.source),
          ExportNamedDeclaration: (node) => check(node.source),
          ExportAllDeclaration: (node) => check(node.source),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node.source),
        };
      },
    },
  },
};

const IMPORT_SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)'(\.[^']*)'/gm;

function listSourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listSourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every import between two features, and every broken rule, over the app's source. */
export function collectFeatureImports(srcDir = WEB_SRC) {
  const crossFeature = [];
  const violations = [];
  for (const file of listSourceFiles(srcDir)) {
    const from = locate(file, srcDir);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT_SPECIFIER)) {
      const target = locate(path.resolve(path.dirname(file), specifier), srcDir);
      const where = { file: path.relative(srcDir, file), specifier };
      if (
        from.layer === 'feature' &&
        target.layer === 'feature' &&
        target.feature !== from.feature
      ) {
        crossFeature.push({
          ...where,
          from: from.feature,
          to: target.feature,
          isIndex: target.isIndex,
        });
      }
      const rule = findBoundaryViolation(file, specifier, srcDir);
      if (rule) violations.push({ ...where, rule });
    }
  }
  return { crossFeature, violations, cycles: findCycles(crossFeature) };
}

/** The groups of features that reach each other (Tarjan's strongly connected components). */
export function findCycles(edges) {
  const next = new Map();
  for (const { from, to } of edges) {
    if (!next.has(from)) next.set(from, new Set());
    if (!next.has(to)) next.set(to, new Set());
    next.get(from).add(to);
  }
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node)) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node), index.get(to)));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles;
}
