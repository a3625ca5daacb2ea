import WebSocket from 'ws';
import type { Logger } from '../../log.js';
import { asRecord } from '../host-http.js';
import { connectUrl, type HostNetwork } from '../host-network.js';
import { trimTrailingSlashes } from '@printdeck/shared';
import { TERMINAL_SUBSCRIPTION } from './octoprint-terminal.js';

export const PUSH_PATH = '/sockjs/websocket';

export interface PushOptions {
  baseUrl: string;
  /** LAN mode: the address checked and pinned before the socket opens */
  network?: HostNetwork;
  /** `name:session` from a passive login (reference A.3.13) */
  auth: string;
  /**
   * no frame for this long and the socket counts as dead. Frames are messages and the pongs
   * to the agent's pings: OctoPrint sends no `current` while it is not connected to its
   * printer (printer/standard.py only pushes on state, job or temperature changes), so
   * silence alone says nothing; its websocket (Tornado) answers every ping.
   */
  staleMs: number;
  log: Logger;
  onMessage: (message: Record<string, unknown>) => void;
  onClose: (reason: string) => void;
}

export interface PushSocket {
  close(): void;
}

/**
 * OctoPrint's push socket, the raw SockJS websocket: subscribe, authenticate with the
 * passive-login session, then `current`, `history`, `event` and `plugin` messages. The agent
 * pings it; a socket that neither speaks nor answers is closed, so a half-open link is noticed.
 */
export async function openPushSocket(options: PushOptions): Promise<PushSocket> {
  const url = await connectUrl(
    options.network,
    `${trimTrailingSlashes(options.baseUrl.replace(/^http/, 'ws'))}${PUSH_PATH}`,
  );
  const ws = new WebSocket(url, { handshakeTimeout: options.staleMs, maxPayload: 8 * 1024 * 1024 });
  let watchdog: NodeJS.Timeout | null = null;
  let pinger: NodeJS.Timeout | null = null;
  let isOpen = false;
  let isClosed = false;
  /** Ends the socket once; only a socket that was open reports its end (else the open fails). */
  const close = (reason: string) => {
    if (isClosed) return;
    isClosed = true;
    if (watchdog) clearTimeout(watchdog);
    if (pinger) clearInterval(pinger);
    ws.removeAllListeners('message');
    ws.terminate();
    if (isOpen) options.onClose(reason);
  };
  const feed = () => {
    if (watchdog) clearTimeout(watchdog);
    watchdog = setTimeout(() => close('the push socket went quiet'), options.staleMs);
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => {
      isOpen = true;
      feed();
      pinger = setInterval(() => ws.ping(), Math.max(100, Math.floor(options.staleMs / 3)));
      ws.send(
        JSON.stringify({
          // the terminal for the console, without its noise: all of it would be every line
          // of a print
          subscribe: {
            state: { logs: TERMINAL_SUBSCRIPTION, messages: false },
            events: true,
            plugins: true,
          },
        }),
      );
      ws.send(JSON.stringify({ auth: options.auth }));
      // a close the agent asks for is not reported back as a lost socket
      resolve({ close: () => ((isOpen = false), close('closed by the agent')) });
    });
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      feed();
      let message: unknown;
      try {
        message = JSON.parse(data.toString());
      } catch {
        return; // a broken frame is ignored, as OctoPrint's own client does
      }
      try {
        options.onMessage(asRecord(message));
      } catch (error) {
        options.log.error('push message handler failed', { error: String(error) });
      }
    });
    ws.on('pong', feed);
    ws.on('error', (error) => {
      reject(error);
      close(error.message);
    });
    ws.on('close', () => close('the push socket closed'));
  });
}
