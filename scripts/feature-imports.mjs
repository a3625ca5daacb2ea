// Figures for the web app's feature boundaries: how often features import each other (each one
// breaks the rule that features are leaves), which break another rule, which form cycles.
// `node scripts/feature-imports.mjs [--list]`; exits 1 when a rule is broken or a cycle exists.
import { collectFeatureImports } from './feature-boundaries.mjs';

const { crossFeature, violations, cycles } = collectFeatureImports();
const pairs = new Set(crossFeature.map(({ from, to }) => `${from} -> ${to}`));
const mutual = [...pairs].filter((pair) => pairs.has(pair.split(' -> ').reverse().join(' -> ')));

console.log(`imports between features: ${crossFeature.length}`);
console.log(`feature pairs that depend (a -> b): ${pairs.size}, both ways: ${mutual.length / 2}`);
console.log(`broken rules: ${violations.length}`);
for (const rule of new Set(violations.map((v) => v.rule))) {
  console.log(`  ${rule}: ${violations.filter((v) => v.rule === rule).length}`);
}
console.log(`feature cycles: ${cycles.length}`);
for (const cycle of cycles) console.log(`  ${cycle.join(', ')}`);
if (process.argv.includes('--list')) {
  for (const v of violations) console.log(`${v.rule}\t${v.file}\t${v.specifier}`);
}
process.exit(violations.length > 0 || cycles.length > 0 ? 1 : 0);
