import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findUnusedExports } from './unused-exports.mjs';

const root = mkdtempSync(path.join(tmpdir(), 'unused-exports-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

describe('the exports nobody imports', () => {
  write('packages/lib/package.json', JSON.stringify({ exports: { '.': './src/index.ts' } }));
  write('packages/lib/src/index.ts', "export * from './parts';\nexport const PUBLIC = 1;\n");
  write(
    'packages/lib/src/parts.ts',
    [
      'export const usedThroughIndex = 1;',
      'export type UsedAsType = string;',
      'export const nobodyUses = 2;',
      'export const onlyHere = 3;',
      'const twice = onlyHere * 2;',
      'void twice;',
    ].join('\n'),
  );
  write(
    'apps/app/src/main.ts',
    [
      "import { usedThroughIndex, type UsedAsType } from '../../../packages/lib/src/index';",
      "const lazy = () => import('./page');",
      'export default usedThroughIndex;',
    ].join('\n'),
  );
  write('apps/app/src/page.ts', 'export const Page = 1;\n');
  const found = findUnusedExports(root).map(
    ({ file, name, isUsedInFile }: { file: string; name: string; isUsedInFile: boolean }) =>
      `${file} ${name}${isUsedInFile ? ' (own file)' : ''}`,
  );

  it('names one nobody uses and one only its own file uses', () => {
    expect(found).toEqual([
      `${path.join('packages/lib/src/parts.ts')} nobodyUses`,
      `${path.join('packages/lib/src/parts.ts')} onlyHere (own file)`,
    ]);
  });
});
