import { startVirtualBambu } from '../bambu/server.js';
import { runCli } from './run.js';

/** `npm run sim:bambu -- --port 8883`: --port is the MQTT port; FTPS takes any free port. */
await runCli('virtual Bambu Lab P1S', async (options) => {
  const sim = await startVirtualBambu({
    host: options.host,
    mqttPort: options.port,
    ...(options.apiKey ? { accessCode: options.apiKey } : {}),
    name: options.name,
    speed: options.speed,
  });
  console.log(
    `serial: ${sim.serial}, access code: ${sim.accessCode}, FTPS (implicit TLS) port: ${sim.ftpsPort}, camera port: ${sim.cameraPort}${sim.rtspsPort ? `, RTSPS camera port: ${sim.rtspsPort}` : ''}`,
  );
  return sim;
});
