/**
 * How errors of a query or mutation reach the user:
 * - "modal" (default): the error modal;
 * - "inline": the screen explains the error itself; only no-internet, forbidden and
 *   maintenance still open the modal, because a form cannot fix those;
 * - "background": polling nobody clicked; only maintenance and no-internet open the modal,
 *   so a person only watching the screen learns that the server or the network is gone;
 * - "silent": nobody is told (logout, optional extras).
 */
export type ErrorHandling = 'modal' | 'inline' | 'background' | 'silent';

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
export const BACKGROUND_ERRORS: RequestMeta = { errorHandling: 'background' };
