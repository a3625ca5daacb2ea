import { startVirtualOctoPrint } from '../octoprint/server.js';
import { runCli } from './run.js';

await runCli('virtual OctoPrint', (options) =>
  startVirtualOctoPrint({
    host: options.host,
    port: options.port,
    apiKey: options.apiKey,
    name: options.name,
    speed: options.speed,
    psuControl: options.psuControl,
  }),
);
