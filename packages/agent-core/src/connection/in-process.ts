import type { AgentMessage, DeviceCommand } from '@printdeck/shared';
import type { DownloadedFile } from '../files/download.js';
import type { ServerLinkOptions } from './server-link.js';

/** What the agent needs of its link to the server; ServerLink is the socket one. */
export interface AgentLink {
  readonly isOnline: boolean;
  start(): void;
  stop(): Promise<void>;
  send(message: AgentMessage, optional?: boolean): boolean;
}

export type PrintFileCommand = Extract<DeviceCommand, { name: 'print_file' }>;

/**
 * An agent inside the server's own process (LAN mode, issue 17): the same driver, request
 * runner, state sync and timelapse recorder, but the protocol messages, the timelapse frames
 * and the print files go to the server's objects directly instead of over the network.
 */
export interface InProcessServer {
  /** the link, speaking the device protocol's messages in-process */
  link(options: ServerLinkOptions): AgentLink;
  /** a timelapse POST (path, headers, JPEG body) answered with its HTTP status */
  post(path: string, headers: Record<string, string>, body: Buffer | undefined): Promise<number>;
  /** the print file of a `print_file` command, straight from the file store; checked */
  printFile(command: PrintFileCommand, signal: AbortSignal): Promise<DownloadedFile>;
}
