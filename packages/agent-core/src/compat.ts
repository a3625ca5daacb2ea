/**
 * What the agent needs from Node.js that Node 18 (Raspberry Pi OS's) does not have yet; the
 * bundled agent runs there too (`npm run build:agent`).
 */

/** `AbortSignal.any` (Node 20.3+): aborted as soon as one of the signals is. */
export function anySignal(signals: AbortSignal[]): AbortSignal {
  const native = (AbortSignal as { any?: (signals: AbortSignal[]) => AbortSignal }).any;
  if (native) return native.call(AbortSignal, signals);
  const controller = new AbortController();
  const onAbort = (signal: AbortSignal) => {
    controller.abort(signal.reason);
    for (const other of signals) other.removeEventListener('abort', listeners.get(other)!);
  };
  const listeners = new Map<AbortSignal, () => void>();
  for (const signal of signals) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    const listener = () => onAbort(signal);
    listeners.set(signal, listener);
    signal.addEventListener('abort', listener, { once: true });
  }
  return controller.signal;
}
