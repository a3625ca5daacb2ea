// The slowest test files of the JSON reports in .tmp/results (or the files named): one line per
// file, its time from start to end, its test count and failures, the slowest first.
// `node scripts/slowest-tests.mjs [report.json …] [--top 10]`
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : 10;
const dir = '.tmp/results';
const reports =
  args.length > 0
    ? args
    : existsSync(dir)
      ? readdirSync(dir)
          .filter((name) => name.endsWith('.json'))
          .map((name) => path.join(dir, name))
      : [];

const root = process.cwd() + path.sep;
const rows = [];
for (const report of reports) {
  const { testResults } = JSON.parse(readFileSync(report, 'utf8'));
  for (const file of testResults) {
    const failed = file.assertionResults.filter((test) => test.status === 'failed').length;
    rows.push({
      suite: path.basename(report, '.json'),
      file: file.name.startsWith(root) ? file.name.slice(root.length) : file.name,
      seconds: (file.endTime - file.startTime) / 1000,
      tests: file.assertionResults.length,
      failed,
    });
  }
}
rows.sort((a, b) => b.seconds - a.seconds);
for (const row of rows.slice(0, top)) {
  const failures = row.failed > 0 ? `, ${row.failed} failed` : '';
  console.log(
    `${row.seconds.toFixed(1).padStart(7)} s  ${row.suite}  ${row.file} (${row.tests} tests${failures})`,
  );
}
