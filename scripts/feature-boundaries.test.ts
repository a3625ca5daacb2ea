import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  collectFeatureImports,
  findBoundaryViolation,
  findCycles,
  WEB_SRC,
} from './feature-boundaries.mjs';

describe('the web app', () => {
  const found = collectFeatureImports();

  it('has features that do not import each other in a cycle', () => {
    expect(found.cycles).toEqual([]);
  });

  it('keeps every feature boundary (the lint rule checks the same per file)', () => {
    expect(found.violations).toEqual([]);
  });

  it('has features as leaves: no feature imports another', () => {
    expect(found.crossFeature).toEqual([]);
  });
});

describe('the boundary rules', () => {
  const fromFeature = path.join(WEB_SRC, 'features/files/components/GcodeRow.tsx');

  it.each([
    ['../../printers', 'featureImportsFeature'],
    ['../../printers/index', 'featureImportsFeature'],
    ['../api/get-download-link', null],
    ['../../../lib/format-units', null],
    ['../../../shared/printers/api/get-printers', null],
    ['../../printers/api/get-printers', 'featureImportsFeature'],
    ['../../../app/theme', 'featureImportsApp'],
    ['@mantine/core', null],
  ])('from a feature, %s is %s', (specifier, rule) => {
    expect(findBoundaryViolation(fromFeature, specifier)).toBe(rule);
  });

  it('keeps the shared layers free of features and of app/', () => {
    const fromLib = path.join(WEB_SRC, 'lib/format-units.ts');
    expect(findBoundaryViolation(fromLib, '../features/printers')).toBe('sharedImportsFeature');
    const fromShared = path.join(WEB_SRC, 'shared/printers/api/get-printers.ts');
    expect(findBoundaryViolation(fromShared, '../../../features/printer-list')).toBe(
      'sharedImportsFeature',
    );
    expect(findBoundaryViolation(fromLib, '../app/theme')).toBe('sharedImportsFeature');
    expect(findBoundaryViolation(fromLib, './number-locale')).toBeNull();
  });

  it('lets app/ and test/ open any file of a feature', () => {
    const fromApp = path.join(WEB_SRC, 'app/router.tsx');
    expect(
      findBoundaryViolation(fromApp, '../features/printers/components/PrintersPage'),
    ).toBeNull();
  });
});

describe('finding cycles', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  function writeTree(files: Record<string, string>): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'feature-boundaries-'));
    dirs.push(dir);
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
    return dir;
  }

  it('finds two features that import each other through their index.ts', () => {
    const dir = writeTree({
      'features/a/index.ts': "export { A } from './A';\n",
      'features/a/A.tsx': "import { B } from '../b';\nexport const A = B;\n",
      'features/b/index.ts': "export { B } from './B';\n",
      'features/b/B.tsx': "import type { A } from '../a';\nexport const B = 1;\n",
      'features/c/C.tsx': "import { A } from '../a';\n",
    });
    const found = collectFeatureImports(dir);
    expect(found.cycles).toEqual([['a', 'b']]);
    // a -> b, b -> a and c -> a: each breaks the leaf rule
    expect(found.violations.map((v) => v.rule)).toEqual(Array(3).fill('featureImportsFeature'));
  });

  it('finds a longer cycle and a lazy deep import', () => {
    const dir = writeTree({
      'features/a/A.tsx': "import { B } from '../b';\n",
      'features/b/B.tsx': "const C = lazy(() => import('../c/C'));\n",
      'features/c/C.tsx': "import { A } from '../a';\n",
    });
    const found = collectFeatureImports(dir);
    expect(found.cycles).toEqual([['a', 'b', 'c']]);
    expect(found.violations).toContainEqual({
      file: 'features/b/B.tsx',
      specifier: '../c/C',
      rule: 'featureImportsFeature',
    });
    expect(found.violations).toHaveLength(3);
  });

  it('sees no cycle in a chain', () => {
    const edges = [
      { from: 'files', to: 'print-dialog' },
      { from: 'print-dialog', to: 'printers' },
      { from: 'files', to: 'printers' },
    ];
    expect(findCycles(edges)).toEqual([]);
  });
});
