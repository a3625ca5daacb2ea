/** Types for scripts/node-version.mjs (plain JavaScript so an old Node can read it). */
export function readRequiredVersion(): number[];
export function parseVersion(text: string): number[];
export function findNodeVersionProblem(current: string, required: number[]): string | null;
export function exitIfNodeTooOld(): void;
