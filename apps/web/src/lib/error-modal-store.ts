import { useSyncExternalStore } from 'react';
import { getGlobalErrorModal, type ErrorModalState } from './error-modal-state';
import type { ErrorHandling } from '../api/query-meta';

let current: ErrorModalState | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The first error wins: every button of the modal reloads the app anyway. */
export function showErrorModal(state: ErrorModalState): void {
  if (current) return;
  current = state;
  listeners.forEach((listener) => listener());
}

let unknownErrorListener: ((error: unknown) => void) | null = null;

/** Who is told of the errors developers must hear of: the error reporter (set at start). */
export function setUnknownErrorListener(listener: (error: unknown) => void): void {
  unknownErrorListener = listener;
}

/** The common handler every global error path goes through. */
export function reportError(error: unknown, handling?: ErrorHandling): void {
  const modal = getGlobalErrorModal(error, handling);
  if (modal) {
    if (modal.variant === 'unknown') {
      console.error(error);
      // spec §8: the unknown error notifies developers; offline and maintenance never get here
      unknownErrorListener?.(error);
    }
    showErrorModal(modal);
  }
}

export function useErrorModalState(): ErrorModalState | null {
  return useSyncExternalStore(subscribe, () => current);
}
