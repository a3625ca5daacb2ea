export {
  startAgent,
  DEFAULT_TUNING,
  type Agent,
  type AgentOptions,
  type AgentTuning,
} from './agent.js';
export type { AgentStop, AgentStopReason } from './connection/stop-reasons.js';
export {
  KEY_REFUSED_MESSAGE,
  PAIRED_ELSEWHERE_MESSAGE,
  REPLACED_MESSAGE,
} from './connection/stop-reasons.js';
export { createIdentity, loadOrCreateIdentity } from './connection/identity.js';
export type { PrinterHost } from './drivers/create-driver.js';
export { createConsoleLogger, silentLogger, type Logger, type LogLevel } from './log.js';
