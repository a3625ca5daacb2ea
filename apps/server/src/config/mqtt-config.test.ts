import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

const KEY = 'pdk_abcdefghij_0123456789';

describe('MQTT settings', () => {
  it('are off without MQTT_URL, and read with it', () => {
    expect(loadConfig({}).mqtt).toBeUndefined();
    const config = loadConfig({
      MQTT_URL: 'mqtt://ha:pw@broker.lan:1883',
      MQTT_WORKSPACE_KEYS: ` 12:${KEY}, 15:${KEY}x `,
      MQTT_CAMERA_SECONDS: '0',
    });
    expect(config.mqtt).toEqual({
      url: 'mqtt://ha:pw@broker.lan:1883',
      workspaces: [
        { workspaceId: 12, apiKey: KEY },
        { workspaceId: 15, apiKey: `${KEY}x` },
      ],
      discoveryPrefix: 'homeassistant',
      topicPrefix: 'printdeck',
      stateIntervalMs: 5000,
      cameraIntervalMs: 0,
    });
  });

  it('name the variable and hide the keys and the password', () => {
    expect(problemsOf({ MQTT_URL: 'http://broker' })[0]).toMatch(
      /^MQTT_URL="http:\/\/broker": must be a URL starting with mqtt:\/\//,
    );
    expect(problemsOf({ MQTT_URL: 'mqtt://broker' })[0]).toMatch(/^MQTT_WORKSPACE_KEYS is missing/);
    expect(problemsOf({ MQTT_WORKSPACE_KEYS: `1:${KEY}` })[0]).toMatch(/^MQTT_URL is missing/);
    const bad = problemsOf({ MQTT_URL: 'mqtt://broker', MQTT_WORKSPACE_KEYS: 'twelve:secret' });
    expect(bad[0]).toMatch(/^MQTT_WORKSPACE_KEYS must be <workspace id>:<API key> pairs/);
    expect(bad.join()).not.toContain('secret');
    const twice = problemsOf({
      MQTT_URL: 'mqtt://broker',
      MQTT_WORKSPACE_KEYS: `3:${KEY},3:${KEY}`,
    });
    expect(twice[0]).toMatch(/names workspace 3 twice/);
    const password = problemsOf({ MQTT_URL: 'mqtt://u:hunter2@broker', MQTT_TOPIC_PREFIX: 'a b' });
    expect(password.join()).not.toContain('hunter2');
  });
});

describe('backup settings', () => {
  it('default to no schedule, seven kept, beside the data directory', () => {
    const config = loadConfig({ DATA_DIR: '/srv/printdeck/data' });
    expect(config.backup).toEqual({ dir: '/srv/printdeck/backups', intervalMs: null, keep: 7 });
  });

  it('read schedules and refuse a folder inside DATA_DIR', () => {
    expect(loadConfig({ BACKUP_SCHEDULE: 'daily' }).backup.intervalMs).toBe(86_400_000);
    expect(loadConfig({ BACKUP_SCHEDULE: '6h' }).backup.intervalMs).toBe(6 * 3_600_000);
    expect(loadConfig({ BACKUP_SCHEDULE: '30m' }).backup.intervalMs).toBe(1_800_000);
    expect(problemsOf({ BACKUP_SCHEDULE: 'sometimes' })[0]).toMatch(
      /^BACKUP_SCHEDULE="sometimes": must be off, hourly, daily, weekly/,
    );
    expect(problemsOf({ BACKUP_SCHEDULE: '0m' })[0]).toMatch(/^BACKUP_SCHEDULE=/);
    expect(problemsOf({ DATA_DIR: '/srv/d', BACKUP_DIR: '/srv/d/backups' })[0]).toMatch(
      /BACKUP_DIR="\/srv\/d\/backups" must not be inside DATA_DIR/,
    );
    expect(problemsOf({ BACKUP_KEEP: '0' })[0]).toMatch(/^BACKUP_KEEP=/);
  });
});
