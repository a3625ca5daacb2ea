/** An error the product explains itself: shown in the error modal with its own title and text. */
export class ProductError extends Error {
  readonly title: string;
  readonly description: string;

  constructor(title: string, description: string) {
    super(`${title}: ${description}`);
    this.name = 'ProductError';
    this.title = title;
    this.description = description;
  }
}
