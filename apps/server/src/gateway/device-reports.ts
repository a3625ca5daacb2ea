import type { AgentMessage } from '@printdeck/shared';
import type { LiveDevices } from './live-devices.js';

/** What a device reports, as opposed to the handshake and the heartbeat. */
export type DeviceReport = Extract<AgentMessage, { type: 'state' | 'response' | 'event' }>;

export function isDeviceReport(message: AgentMessage): message is DeviceReport {
  return message.type === 'state' || message.type === 'response' || message.type === 'event';
}

/**
 * A device's state, its answer to a request, or a job event, handed to the live devices: the
 * same for an agent on the gateway's socket and a LAN printer's built-in agent.
 */
export function applyDeviceReport(
  live: LiveDevices,
  deviceKeyId: number,
  message: DeviceReport,
): void {
  switch (message.type) {
    case 'state':
      if (message.kind === 'snapshot') live.applySnapshot(deviceKeyId, message.state);
      else live.applyPatch(deviceKeyId, message.state);
      return;
    case 'response':
      live.resolveResponse(
        deviceKeyId,
        message.id,
        message.ok
          ? { ok: true, result: message.result }
          : { ok: false, code: message.error.code, message: message.error.message },
      );
      return;
    case 'event':
      live.emitEvent(deviceKeyId, {
        name: message.name,
        jobId: message.job_id,
        data: message.data,
      });
  }
}
