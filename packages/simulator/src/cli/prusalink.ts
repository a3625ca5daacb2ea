import { startVirtualPrusaLink } from '../prusalink/server.js';
import { runCli } from './run.js';

await runCli('virtual PrusaLink', async (options) => {
  const sim = await startVirtualPrusaLink({
    host: options.host,
    port: options.port,
    ...(options.apiKey ? { password: options.apiKey } : {}),
    name: options.name,
    speed: options.speed,
  });
  console.log(`Digest user: ${sim.user}, password: ${sim.password}`);
  return sim;
});
