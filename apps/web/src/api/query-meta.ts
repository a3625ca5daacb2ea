/**
 * How errors of a query or mutation reach the user:
 * - "modal" (default): the error modal;
 * - "inline": the screen explains the error itself; only no-internet, forbidden and
 *   maintenance still open the modal, because a form cannot fix those;
 * - "silent": nobody is told (background polling, logout).
 */
export type ErrorHandling = 'modal' | 'inline' | 'silent';

export interface RequestMeta extends Record<string, unknown> {
  errorHandling?: ErrorHandling;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

export const INLINE_ERRORS: RequestMeta = { errorHandling: 'inline' };
export const SILENT_ERRORS: RequestMeta = { errorHandling: 'silent' };
