import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/**
 * How long one rendered answer serves further scrapes: several Prometheus servers (an HA pair)
 * scraping within the same second get the same figures without rendering them again.
 */
export const METRICS_ANSWER_MAX_AGE_MS = 1000;

export interface MetricsAnswers {
  /** The exposition text, gzip-compressed when `gzipped`; shared by scrapes close in time. */
  get(options: { gzipped: boolean }): Promise<Buffer>;
}

interface Answer {
  renderedAt: number;
  body: Promise<Buffer>;
  gzipped: Promise<Buffer> | null;
}

/**
 * Renders on demand, at most once per `maxAgeMs` (concurrent scrapes wait for the same render),
 * and gzips each answer at most once, at level 1: on the 2.8 MB text of 5,000 printers it took
 * 7 ms against 16 ms at the default level 6 (docs/benchmarks.md). zlib runs on libuv's thread
 * pool, off the event loop.
 */
export function createMetricsAnswers(
  render: () => Promise<Buffer>,
  maxAgeMs = METRICS_ANSWER_MAX_AGE_MS,
): MetricsAnswers {
  let latest: Answer | null = null;

  function currentAnswer(): Answer {
    const now = performance.now();
    if (latest && now - latest.renderedAt < maxAgeMs) return latest;
    const answer: Answer = { renderedAt: now, body: render(), gzipped: null };
    // a failed render is not kept: the next scrape tries again
    answer.body.catch(() => {
      if (latest === answer) latest = null;
    });
    latest = answer;
    return answer;
  }

  return {
    get({ gzipped }) {
      const answer = currentAnswer();
      if (!gzipped) return answer.body;
      answer.gzipped ??= answer.body.then((body) =>
        gzipAsync(body, { level: constants.Z_BEST_SPEED }),
      );
      return answer.gzipped;
    },
  };
}

/** Whether Accept-Encoding takes gzip (`gzip` or `*`, without `q=0`). */
export function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((entry) => {
    const [coding, ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (coding !== 'gzip' && coding !== '*') return false;
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}
