import { z } from 'zod';
import { trimTrailingSlashes } from '../text/trim-slashes.js';

/**
 * GET /api/agent/install/: what the add-printer pages need to show the one-line install
 * command (apps/agent/README.md, "Install") and whether LAN mode is on.
 */
export const AgentInstallInfoSchema = z.object({
  /**
   * the address the agent dials and downloads from: PUBLIC_URL when it is set, otherwise the
   * address the admin's browser used to reach this server (issue 24)
   */
  server_url: z.string(),
  /** where server_url came from: the PUBLIC_URL setting or this request's address */
  server_url_source: z.enum(['public_url', 'request']),
  /** false when the server has no built agent to hand out (npm run build:agent) */
  is_available: z.boolean(),
  agent_version: z.string(),
  /** LAN mode: the server reaches printers itself (LAN_PRINTER_NETWORKS is set) */
  lan_mode: z.boolean(),
});
export type AgentInstallInfo = z.infer<typeof AgentInstallInfoSchema>;

export type AgentInstallKind = 'octoprint' | 'moonraker' | 'prusalink' | 'bambu';

/**
 * Where the printer's own software answers for the agent: on its own machine for OctoPrint and
 * Moonraker; a PrusaLink printer runs no agent, so the agent (on any computer of that network)
 * reaches it by its address, which the admin types from the printer's screen.
 */
export const AGENT_LOCAL_PRINTER_URLS: Record<AgentInstallKind, string> = {
  octoprint: 'http://127.0.0.1:5000',
  moonraker: 'http://127.0.0.1:7125',
  prusalink: 'http://prusa-mk4.local',
  // a Bambu Lab printer is reached by its IP address (Settings → WLAN on its screen)
  bambu: '192.168.1.40',
};

/**
 * True when the URL's host can only be reached from the server's own machine (localhost,
 * 127.0.0.0/8, ::1, 0.0.0.0): an agent on another computer would dial itself.
 */
export function isLoopbackUrl(value: string): boolean {
  let host: string;
  try {
    host = new URL(value).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) ||
    host === '::1' ||
    host === '0.0.0.0' ||
    host === '::' ||
    host.startsWith('::ffff:127.') ||
    host.startsWith('::ffff:7f')
  );
}

/** One shell word: single quotes, a quote inside as '\''. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * The one line that installs the agent on the printer's computer: download the installer,
 * hand it the device key on standard input (`echo` is a shell builtin, so the key is in no
 * URL and no process list), and let it write the config and enable the service.
 */
export function buildAgentInstallCommand(options: {
  serverUrl: string;
  deviceKey: string;
  kind: AgentInstallKind;
  printerUrl?: string;
  /** Bambu Lab: the serial number; the access code is asked on the terminal, never shown here */
  bambuSerial?: string;
}): string {
  const server = trimTrailingSlashes(options.serverUrl);
  const printerUrl = options.printerUrl ?? AGENT_LOCAL_PRINTER_URLS[options.kind];
  return [
    `curl -fsSL ${shellQuote(`${server}/agent/install.sh`)} -o printdeck-install.sh`,
    '&&',
    `echo ${shellQuote(options.deviceKey)}`,
    '|',
    'sudo bash printdeck-install.sh',
    `--server ${shellQuote(server)}`,
    `--${options.kind} ${shellQuote(printerUrl)}`,
    ...(options.kind === 'bambu'
      ? [`--bambu-serial ${shellQuote(options.bambuSerial ?? '')}`]
      : []),
  ].join(' ');
}
