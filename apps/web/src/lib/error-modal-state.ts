import { isApiError, isMaintenance, isTransportError } from '../api/api-error';
import type { ErrorHandling } from '../api/query-meta';
import { ProductError } from './product-error';

/** What the error modal shows (spec part 1 §8). */
export type ErrorModalState =
  | { variant: 'maintenance' }
  | { variant: 'noInternet' }
  | { variant: 'forbidden'; request?: ForbiddenRequest }
  | { variant: 'product'; title: string; description: string }
  | { variant: 'unknown'; detail: string };

export interface ForbiddenRequest {
  method: string;
  url: string;
  status: number;
  data: unknown;
}

function isBrowserOffline(): boolean {
  return typeof navigator !== 'undefined' && !navigator.onLine;
}

/** The modal for an error, or null when the error needs none (401 goes to Logout instead). */
export function toErrorModal(error: unknown): ErrorModalState | null {
  if (error instanceof ProductError) {
    return { variant: 'product', title: error.title, description: error.description };
  }
  if (error instanceof DOMException && error.name === 'AbortError') return null;
  if (!isApiError(error)) {
    // offline, a screen's code that could not load is the lost connection, not a bug
    if (isBrowserOffline()) return { variant: 'noInternet' };
    return { variant: 'unknown', detail: error instanceof Error ? error.message : String(error) };
  }
  if (error.status === null) return { variant: 'noInternet' };
  if (error.status === 401) return null;
  if (error.status === 403) {
    return {
      variant: 'forbidden',
      request: { method: error.method, url: error.url, status: error.status, data: error.body },
    };
  }
  if (isMaintenance(error)) return { variant: 'maintenance' };
  return { variant: 'unknown', detail: `${error.status} ${error.code}: ${error.message}` };
}

/** The modal a failed query or mutation opens, given how its caller handles errors. */
export function getGlobalErrorModal(
  error: unknown,
  handling: ErrorHandling = 'modal',
): ErrorModalState | null {
  if (handling === 'silent') return null;
  const modal = toErrorModal(error);
  if (!modal) return null;
  if (handling === 'inline' && !isTransportError(error)) return null;
  if (handling === 'background') {
    return modal.variant === 'maintenance' || modal.variant === 'noInternet' ? modal : null;
  }
  return modal;
}
