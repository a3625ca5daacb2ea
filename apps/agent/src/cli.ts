import { readFileSync } from 'node:fs';
import { createConsoleLogger, loadOrCreateIdentity, startAgent } from '@printdeck/agent-core';
import { RELEASE_VERSION } from '@printdeck/shared';
import { ConfigError, resolveConfig, USAGE } from './config.js';
import { createConnectionFile } from './connection-file.js';

/** A stop asked by a signal ends the process this soon at the latest (issue 30: within 5 s). */
const STOP_LIMIT_MS = 4000;

/** `printdeck-agent`: exit code 2 for a bad configuration, 1 when the server sent it away. */
async function main(): Promise<void> {
  let config;
  try {
    config = resolveConfig({
      argv: process.argv.slice(2),
      env: process.env,
      readFile: (path) => readFileSync(path, 'utf8'),
    });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`printdeck-agent: ${error.message}\n\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  if (config === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (config === 'version') {
    process.stdout.write(`printdeck-agent ${RELEASE_VERSION}\n`);
    return;
  }
  let identity: string;
  try {
    identity = loadOrCreateIdentity(config.stateDir);
  } catch (error) {
    process.stderr.write(`printdeck-agent: ${(error as Error).message}\n`);
    process.exitCode = 2;
    return;
  }
  const log = createConsoleLogger(config.logLevel);
  const agent = startAgent({
    serverUrl: config.serverUrl,
    deviceKey: config.deviceKey,
    identity,
    printer: config.printer,
    log,
    ...(config.downloadDir ? { downloadDir: config.downloadDir } : {}),
    ...(config.plugNetworks?.length ? { plugNetworks: config.plugNetworks } : {}),
    onConnectionChange: createConnectionFile(config.stateDir),
  });
  const onSignal = () => {
    // a service manager waits for the exit: it comes within STOP_LIMIT_MS whatever still runs
    setTimeout(() => {
      log.warn('the agent did not stop in time; exiting', { limit_ms: STOP_LIMIT_MS });
      process.exit(process.exitCode ?? 0);
    }, STOP_LIMIT_MS).unref();
    void agent.stop();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const stop = await agent.stopped;
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  if (stop.reason !== 'stopped') {
    process.stderr.write(`printdeck-agent stopped: ${stop.message}\n`);
    process.exitCode = 1;
  }
}

void main();
