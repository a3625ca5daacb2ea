// Exports nobody imports, across the workspaces (issue 27): each file's exports are read with the
// TypeScript compiler's parser, each import (static, dynamic, `export … from`) is resolved as tsc
// resolves it and followed through `export *` to the file that declares the name. An export only
// its own file uses need not be exported (listed with --all); one nobody uses should go, and the
// check fails on it. Not counted: the public entry points of the packages (package.json `exports`), generated files,
// declaration files, default exports (loaded by path). `npm run exports:unused`.
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_DIRS = ['apps', 'packages', 'e2e', 'bench', 'scripts'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'generated', '.tmp', 'coverage']);
const SOURCE_FILE = /\.(ts|tsx|mts|mjs|js)$/;
const OPTIONS = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowJs: true,
  resolveJsonModule: true,
  customConditions: [],
};

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name) || entry.name.startsWith('.')) continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(file);
    else if (SOURCE_FILE.test(entry.name) && !/\.d\.m?ts$/.test(entry.name)) yield file;
  }
}

/** The files package.json `exports` name: their exports are the packages' public surface. */
function entryPoints(root) {
  const entries = new Set();
  for (const dir of ['apps', 'packages']) {
    for (const name of readdirSync(path.join(root, dir))) {
      let manifest;
      try {
        manifest = JSON.parse(readFileSync(path.join(root, dir, name, 'package.json'), 'utf8'));
      } catch {
        continue;
      }
      const targets = typeof manifest.exports === 'string' ? [manifest.exports] : [];
      for (const value of Object.values(manifest.exports ?? {})) {
        if (typeof value === 'string') targets.push(value);
      }
      for (const target of targets) entries.add(path.join(root, dir, name, target));
    }
  }
  return entries;
}

const hasModifier = (node, kind) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);

/** One file's own exports, its re-exports and what it imports. */
function readModule(file) {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const module = { file, declared: new Map(), renamed: [], stars: [], uses: [], names: new Map() };
  const declare = (name, node) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    module.declared.set(name, line + 1);
  };
  for (const statement of source.statements) {
    if (hasModifier(statement, ts.SyntaxKind.ExportKeyword)) {
      const isDefault = hasModifier(statement, ts.SyntaxKind.DefaultKeyword);
      if (ts.isVariableStatement(statement)) {
        for (const d of statement.declarationList.declarations) {
          if (ts.isIdentifier(d.name)) declare(d.name.text, d);
        }
      } else if (isDefault) declare('default', statement);
      else if (statement.name) declare(statement.name.text, statement);
    } else if (ts.isExportAssignment(statement)) declare('default', statement);
    else if (ts.isExportDeclaration(statement)) {
      const from = statement.moduleSpecifier?.text;
      if (!statement.exportClause) module.stars.push(from);
      else if (ts.isNamespaceExport(statement.exportClause)) module.uses.push({ from, name: '*' });
      else {
        for (const spec of statement.exportClause.elements) {
          const local = (spec.propertyName ?? spec.name).text;
          if (from) module.renamed.push({ exported: spec.name.text, from, name: local });
          else declare(spec.name.text, spec);
        }
      }
    } else if (ts.isImportDeclaration(statement) && statement.importClause) {
      const from = statement.moduleSpecifier.text;
      const clause = statement.importClause;
      if (clause.name) module.uses.push({ from, name: 'default' });
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) module.uses.push({ from, name: '*' });
      else if (bindings) {
        for (const spec of bindings.elements) {
          module.uses.push({ from, name: (spec.propertyName ?? spec.name).text });
        }
      }
    }
  }
  const visit = (node) => {
    if (ts.isIdentifier(node)) module.names.set(node.text, (module.names.get(node.text) ?? 0) + 1);
    const isDynamic =
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isPropertyAccessExpression(node.expression) &&
          ['mock', 'importActual', 'doMock'].includes(node.expression.name.text))) &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0]);
    if (isDynamic) module.uses.push({ from: node.arguments[0].text, name: '*' });
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const name = node.qualifier && ts.isIdentifier(node.qualifier) ? node.qualifier.text : '*';
      module.uses.push({ from: node.argument.literal.text, name });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return module;
}

/**
 * Every export nobody imports: `{ file, line, name, isUsedInFile }`, paths relative to the
 * repository. `isUsedInFile`: its own file uses it (then only the `export` is too much).
 */
export function findUnusedExports(root = ROOT) {
  const modules = new Map();
  for (const dir of SOURCE_DIRS) {
    if (!existsSync(path.join(root, dir))) continue;
    for (const file of sourceFiles(path.join(root, dir))) modules.set(file, readModule(file));
  }
  for (const name of readdirSync(root)) {
    if (SOURCE_FILE.test(name))
      modules.set(path.join(root, name), readModule(path.join(root, name)));
  }
  const entries = entryPoints(root);
  const resolve = (from, specifier) => {
    if (!specifier) return null;
    const { resolvedModule } = ts.resolveModuleName(specifier, from, OPTIONS, ts.sys);
    if (!resolvedModule) return null;
    const file = realpathSync(resolvedModule.resolvedFileName);
    if (modules.has(file)) return file;
    // a script beside its declaration file (`node-version.mjs` with `node-version.d.mts`)
    const script = file.replace(/\.d\.(m?)ts$/, '.$1js');
    return modules.has(script) ? script : null;
  };
  const used = new Set();
  const seen = new Set();
  /** Marks `name` of `file` used, through renames and `export *` to where it is declared. */
  const markUsed = (file, name) => {
    const key = `${file}\0${name}`;
    if (!file || seen.has(key)) return;
    seen.add(key);
    const module = modules.get(file);
    if (name === '*') {
      for (const declared of module.declared.keys()) markUsed(file, declared);
      for (const r of module.renamed) markUsed(resolve(file, r.from), r.name);
      for (const star of module.stars) markUsed(resolve(file, star), '*');
      return;
    }
    if (module.declared.has(name)) used.add(key);
    for (const r of module.renamed) {
      if (r.exported === name) markUsed(resolve(file, r.from), r.name);
    }
    if (name !== 'default') for (const star of module.stars) markUsed(resolve(file, star), name);
  };
  for (const module of modules.values()) {
    for (const use of module.uses) markUsed(resolve(module.file, use.from), use.name);
    // what an entry point names is its package's public surface; `export *` names nothing
    if (entries.has(module.file)) {
      for (const r of module.renamed) markUsed(resolve(module.file, r.from), r.name);
    }
  }
  const unused = [];
  for (const module of modules.values()) {
    if (entries.has(module.file)) continue;
    for (const [name, line] of module.declared) {
      // a default export is loaded by path (configs, global set-ups)
      if (name !== 'default' && !used.has(`${module.file}\0${name}`)) {
        const isUsedInFile = (module.names.get(name) ?? 0) > 1;
        unused.push({ file: path.relative(root, module.file), line, name, isUsedInFile });
      }
    }
  }
  return unused;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const unused = findUnusedExports();
  const dead = unused.filter((entry) => !entry.isUsedInFile);
  const shown = process.argv.includes('--all') ? unused : dead;
  for (const { file, line, name, isUsedInFile } of shown) {
    console.log(`${file}:${line}: ${name}${isUsedInFile ? ' (used in its own file)' : ''}`);
  }
  console.log(`exports nobody uses: ${dead.length}`);
  console.log(
    `exports only their own file uses: ${unused.length - dead.length} (--all lists them)`,
  );
  process.exit(dead.length > 0 ? 1 : 0);
}
