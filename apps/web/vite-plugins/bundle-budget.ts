import { gzipSync } from 'node:zlib';
import type { Rollup } from 'vite';
import type { Plugin } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

export interface BundleBudget {
  /** what the page loads besides the entry: its own module, the translation it shows */
  pageModules: RegExp[];
  /** most gzip bytes its JavaScript may take: the entry, the page and what they import */
  maxGzipBytes: number;
}

export interface PageWeight {
  files: string[];
  rawBytes: number;
  gzipBytes: number;
}

function chunkOf(bundle: OutputBundle, fileName: string): OutputChunk | undefined {
  const item = bundle[fileName];
  return item?.type === 'chunk' ? item : undefined;
}

/** The JavaScript a first visit of a page loads: the entry, the page's chunks, their static imports. */
export function measurePage(bundle: OutputBundle, pageModules: RegExp[]): PageWeight {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('bundle budget: the bundle has no entry');
  const pages = pageModules.map((pattern) => {
    const page = chunks.find((chunk) => chunk.moduleIds.some((id) => pattern.test(id)));
    if (!page) throw new Error(`bundle budget: no chunk holds ${pattern}`);
    return page;
  });
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    for (const imported of chunkOf(bundle, fileName)?.imports ?? []) visit(imported);
  };
  visit(entry.fileName);
  for (const page of pages) visit(page.fileName);
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const fileName of files) {
    const code = Buffer.from(chunkOf(bundle, fileName)?.code ?? '');
    rawBytes += code.length;
    gzipBytes += gzipSync(code, { level: 9 }).length;
  }
  return { files: [...files].sort(), rawBytes, gzipBytes };
}

/**
 * Fails the build when a page's JavaScript outgrows its budget (issue 15: the sign-in page under
 * 250 kB gzip), and writes the measure to bundle-budget.json for the benchmark.
 */
export function bundleBudget(budget: BundleBudget): Plugin {
  return {
    name: 'printdeck-bundle-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const weight = measurePage(bundle, budget.pageModules);
      const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
      this.info(`sign-in page JavaScript: ${kb(weight.rawBytes)}, ${kb(weight.gzipBytes)} gzip`);
      if (weight.gzipBytes > budget.maxGzipBytes) {
        this.error(
          `the sign-in page's JavaScript is ${kb(weight.gzipBytes)} gzip, over its budget of ` +
            `${kb(budget.maxGzipBytes)}: ${weight.files.join(', ')}`,
        );
      }
      this.emitFile({
        type: 'asset',
        fileName: 'bundle-budget.json',
        source: `${JSON.stringify({ ...weight, maxGzipBytes: budget.maxGzipBytes }, null, 2)}\n`,
      });
    },
  };
}
