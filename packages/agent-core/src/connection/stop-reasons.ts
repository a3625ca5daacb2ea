import { DEVICE_CLOSE_CODES } from '@printdeck/shared';

export const SERVER_SOCKET_PATH = '/api/device/ws';

export type AgentStopReason = 'stopped' | 'key-refused' | 'replaced' | 'protocol-mismatch';

/** Why the agent stopped, with the text to show the person who runs it. */
export interface AgentStop {
  reason: AgentStopReason;
  message: string;
}

export const KEY_REFUSED_MESSAGE =
  'The server refused the device key. Check --key (or PRINTDECK_KEY); if the key was deleted, create a new one in Printdeck and restart the agent.';
export const REPLACED_MESSAGE =
  'Another agent connected with the same device key and took over. This one stops: run one agent per key.';

/**
 * What servers before 4408 for a late hello closed with (4400 and this reason): a slow agent on
 * a loaded machine, which another try gets past (issue 25), not another protocol.
 */
const LATE_HELLO_REASON = 'no hello';

/**
 * The ends after which another try cannot help: a refused key (401 on the upgrade, or 4401),
 * a newer agent with the same key (4409), a protocol the server does not speak (4400).
 */
export function stopFor(code: number, reason: string, httpStatus: number | null): AgentStop | null {
  if (httpStatus === 401 || code === DEVICE_CLOSE_CODES.keyRefused) {
    return { reason: 'key-refused', message: KEY_REFUSED_MESSAGE };
  }
  if (code === DEVICE_CLOSE_CODES.replaced)
    return { reason: 'replaced', message: REPLACED_MESSAGE };
  if (code === DEVICE_CLOSE_CODES.protocolMismatch && reason !== LATE_HELLO_REASON) {
    return {
      reason: 'protocol-mismatch',
      message: `The server does not speak this agent's protocol (${reason || 'no reason given'}). Update the agent.`,
    };
  }
  return null;
}

export const PAIRED_ELSEWHERE_MESSAGE =
  "This device key is paired with another agent, which keeps the printer. If this agent is the printer's new one, ask an admin of the workspace to pair the key again (Settings → Printers → device keys); this agent keeps trying.";

/** Refusals another try may get past later, with what the person running the agent should know. */
export function warningFor(httpStatus: number | null): string | null {
  if (httpStatus === 409) return PAIRED_ELSEWHERE_MESSAGE;
  if (httpStatus === 429) return 'The server asks this address to slow down; trying again later.';
  return null;
}
