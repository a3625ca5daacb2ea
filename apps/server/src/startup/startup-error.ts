/**
 * A start that cannot go on because of a setting (issue 24): one line that names the variable
 * and what to do. main.ts prints it without a stack and exits with 1.
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}
