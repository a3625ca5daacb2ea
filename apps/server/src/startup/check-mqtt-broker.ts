import { randomBytes } from 'node:crypto';
import type * as Mqtt from 'mqtt';
import { describeBrokerUrl } from '../config/mqtt-config.js';
import { StartupError } from './startup-error.js';
import { optionalPackage } from '../optional-package.js';

const loadMqtt = optionalPackage<typeof Mqtt>('mqtt');

const CHECK_TIMEOUT_MS = 5000;

function explain(error: { code?: unknown; message?: string }, broker: string): string {
  const prefix = `MQTT_URL: the broker at ${broker}`;
  const code = error.code;
  const message = error.message ?? '';
  if (code === 'ECONNREFUSED') {
    return `${prefix} refused the connection: check that it runs and listens there, or fix MQTT_URL`;
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return `${prefix}: the host name does not resolve: fix MQTT_URL`;
  }
  if (code === 4 || code === 5 || /not authori[sz]ed|bad user ?name or password/i.test(message)) {
    return `${prefix} refused the user name or password in MQTT_URL`;
  }
  if (/timeout/i.test(message)) {
    return `${prefix} did not answer within ${CHECK_TIMEOUT_MS / 1000} s: check MQTT_URL and the network`;
  }
  return `${prefix} failed: ${message.split('\n')[0] || 'unknown error'}`;
}

/**
 * The broker is reached once at start (issue 28): one line naming MQTT_URL (never its password)
 * when it is down or refuses us, rather than a bridge that silently never publishes.
 */
export async function checkMqttBroker(url: string): Promise<void> {
  const broker = describeBrokerUrl(url);
  const client = loadMqtt().connect(url, {
    reconnectPeriod: 0,
    connectTimeout: CHECK_TIMEOUT_MS,
    clientId: `printdeck-check-${randomBytes(6).toString('hex')}`,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('connack timeout')), CHECK_TIMEOUT_MS + 500);
      client.once('connect', () => (clearTimeout(timer), resolve()));
      client.once('error', (error) => (clearTimeout(timer), reject(error)));
      client.once('close', () => (clearTimeout(timer), reject(new Error('connection closed'))));
    });
  } catch (error) {
    throw new StartupError(explain(error as { code?: unknown; message?: string }, broker));
  } finally {
    client.end(true);
  }
}
