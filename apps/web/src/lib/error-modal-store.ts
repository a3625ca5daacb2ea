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

/** The common handler every global error path goes through. */
export function reportError(error: unknown, handling?: ErrorHandling): void {
  const modal = getGlobalErrorModal(error, handling);
  if (modal) {
    if (modal.variant === 'unknown') console.error(error);
    showErrorModal(modal);
  }
}

export function useErrorModalState(): ErrorModalState | null {
  return useSyncExternalStore(subscribe, () => current);
}
