/** One sample of the Prometheus text exposition format (version 0.0.4). */
export interface PromSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface PromExposition {
  samples: PromSample[];
  /** `# TYPE` per metric family */
  types: Map<string, string>;
  /** the samples named `name` whose labels include `labels` */
  find(name: string, labels?: Record<string, string>): PromSample[];
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})?\s+(\S+)(\s+-?\d+)?$/;
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*(,|$)/y;

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  const inner = text.slice(1, -1);
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < inner.length) {
    const start = LABEL.lastIndex;
    const match = LABEL.exec(inner);
    if (!match || LABEL.lastIndex === start) throw new Error(`bad labels in: ${line}`);
    labels[match[1]!] = match[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
  }
  return labels;
}

/**
 * A value as Prometheus reads it: Go's `strconv.ParseFloat`, which takes "NaN", "Inf" and
 * "Infinity" (signed or not) in any case — prom-client writes an empty summary's mean as "Nan".
 */
function parseValue(text: string, line: string): number {
  const special = /^([+-]?)(inf|infinity|nan)$/i.exec(text);
  if (special) {
    if (special[2]!.toLowerCase() === 'nan') return NaN;
    return special[1] === '-' ? -Infinity : Infinity;
  }
  const value = Number(text);
  if (Number.isNaN(value)) throw new Error(`bad value in: ${line}`);
  return value;
}

/** A strict reader: a line it does not understand fails the test that scraped it. */
export function parsePrometheusText(text: string): PromExposition {
  const samples: PromSample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (line.startsWith('# TYPE ')) {
      const [name, type] = line.slice(7).split(' ');
      if (!name || !['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(type!)) {
        throw new Error(`bad TYPE line: ${line}`);
      }
      types.set(name, type!);
      continue;
    }
    if (line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`bad sample line: ${line}`);
    samples.push({
      name: match[1]!,
      labels: match[2] ? parseLabels(match[2], line) : {},
      value: parseValue(match[3]!, line),
    });
  }
  return {
    samples,
    types,
    find(name, labels = {}) {
      return samples.filter(
        (sample) =>
          sample.name === name &&
          Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
      );
    },
  };
}
