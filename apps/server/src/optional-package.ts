import { createRequire } from 'node:module';

const requireFromHere = createRequire(import.meta.url);

/**
 * An npm package that only some deployments use (PostgreSQL, Redis, S3, MQTT), loaded on its
 * first use instead of at start: together they are about 0.9 s of CPU to load, which a server or
 * CLI command on SQLite and local disk never needs (issue 27, docs/benchmarks.md "Test run,
 * round 8"). The packages are CommonJS, so `require` gives the same module an `import` would.
 */
export function optionalPackage<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireFromHere(name) as T);
}
