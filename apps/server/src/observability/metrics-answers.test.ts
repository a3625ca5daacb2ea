import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, createMetricsAnswers } from './metrics-answers.js';

function countingRender(texts: string[]) {
  const calls = { count: 0 };
  const render = async () => {
    const text = texts[Math.min(calls.count, texts.length - 1)]!;
    calls.count += 1;
    return Buffer.from(text);
  };
  return { render, calls };
}

describe('createMetricsAnswers', () => {
  it('renders once for scrapes that come together, and gzips that answer once', async () => {
    const { render, calls } = countingRender(['# first\n', '# second\n']);
    const answers = createMetricsAnswers(render, 60_000);
    const [plain, gzipped, gzippedAgain] = await Promise.all([
      answers.get({ gzipped: false }),
      answers.get({ gzipped: true }),
      answers.get({ gzipped: true }),
    ]);
    expect(calls.count).toBe(1);
    expect(plain.toString()).toBe('# first\n');
    expect(gunzipSync(gzipped).toString()).toBe('# first\n');
    expect(gzippedAgain).toBe(gzipped);
  });

  it('renders afresh once the answer is older than its age', async () => {
    const { render, calls } = countingRender(['# first\n', '# second\n']);
    const answers = createMetricsAnswers(render, 0);
    expect((await answers.get({ gzipped: false })).toString()).toBe('# first\n');
    expect((await answers.get({ gzipped: false })).toString()).toBe('# second\n');
    expect(calls.count).toBe(2);
  });

  it('does not keep a failed render: the next scrape renders again', async () => {
    let attempts = 0;
    const answers = createMetricsAnswers(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('the database is gone');
      return Buffer.from('# back\n');
    }, 60_000);
    await expect(answers.get({ gzipped: true })).rejects.toThrow('the database is gone');
    expect((await answers.get({ gzipped: false })).toString()).toBe('# back\n');
  });
});

describe('acceptsGzip', () => {
  it.each([
    ['gzip', true],
    ['gzip, deflate, br', true],
    ['br;q=1.0, GZIP;q=0.5', true],
    ['*', true],
    ['gzip;q=0', false],
    ['gzip;q=0.000', false],
    ['identity', false],
    ['br', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
