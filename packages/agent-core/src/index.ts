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
export { createIdentity, defaultStateDir, loadOrCreateIdentity } from './connection/identity.js';
export type { PrinterHost } from './drivers/create-driver.js';
export type { AgentLink, InProcessServer, PrintFileCommand } from './connection/in-process.js';
export type { ServerLinkOptions } from './connection/server-link.js';
export type { HostNetwork } from './drivers/host-network.js';
export type { DownloadedFile } from './files/download.js';
export { CommandFailed } from './drivers/driver.js';
export {
  createConsoleLogger,
  LOG_LEVELS,
  silentLogger,
  type Logger,
  type LogLevel,
} from './log.js';
export { probePrinter, type ProbeResult } from './drivers/probe-printer.js';
export { EnergyMeterError, fetchEnergyMeter } from './energy-meter/energy-meter.js';
export { createPlugAddressRule } from './energy-meter/agent-energy-meter.js';
