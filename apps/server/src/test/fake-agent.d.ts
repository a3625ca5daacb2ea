import WebSocket from 'ws';
import type { DeviceState, RequestMessage } from '@printdeck/shared';
/** A device state that reads as READY_TO_PRINT. */
export declare function readyState(overrides?: Partial<DeviceState>): DeviceState;
export interface FakeAgent {
  socket: WebSocket;
  requests: RequestMessage[];
  closed: Promise<{
    code: number;
    reason: string;
  }>;
  send(message: unknown): void;
  hello(): Promise<void>;
  answer(handler: (request: RequestMessage) => unknown | undefined): void;
  close(): void;
}
/**
 * A minimal agent speaking the device protocol over a real WebSocket: the gateway's tests
 * drive it message by message. The real agent lives in apps/agent.
 */
export declare function connectFakeAgent(
  baseUrl: string,
  key: string,
  options?: {
    autoPong?: boolean;
  },
): Promise<FakeAgent>;
/** Polls until the check passes or the time is up; for state that arrives asynchronously. */
export declare function eventually<T>(check: () => Promise<T>, timeoutMs?: number): Promise<T>;
