import { startVirtualMoonraker } from '../moonraker/server.js';
import { runCli } from './run.js';

await runCli('virtual Moonraker', (options) =>
  startVirtualMoonraker({
    host: options.host,
    port: options.port,
    apiKey: options.apiKey,
    name: options.name,
    speed: options.speed,
  }),
);
