/**
 * The moment a driver's state first says something true about the printer: its host's first
 * answer with the key it will use, or that the host does not answer. Until then the agent
 * holds its state back, so a start shows no passing "does not answer" (the state before any
 * read) or "permission denied" (OctoPrint before its key came from the server, issue 30). A
 * limit ends the wait in any case.
 */
export class FirstWord {
  readonly settled: Promise<void>;
  #resolve: () => void = () => undefined;
  #isSettled = false;
  readonly #limit: NodeJS.Timeout;

  constructor(limitMs: number) {
    this.settled = new Promise<void>((resolve) => (this.#resolve = resolve));
    this.#limit = setTimeout(() => this.settle(), limitMs);
    this.#limit.unref();
  }

  get isSettled(): boolean {
    return this.#isSettled;
  }

  settle(): void {
    if (this.#isSettled) return;
    this.#isSettled = true;
    clearTimeout(this.#limit);
    this.#resolve();
  }
}
