/** When the page loaded and when the API last answered: inputs of the auto-reload rule. */
export const pageLoadedAt = Date.now();

let lastResponseAt = pageLoadedAt;

export function recordApiResponse(at: number = Date.now()): void {
  lastResponseAt = at;
}

export function getLastApiResponseAt(): number {
  return lastResponseAt;
}
