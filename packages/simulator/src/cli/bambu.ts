import { startVirtualBambu } from '../bambu/server.js';
import { BAMBU_MODELS, isBambuModelKey, productNameOf } from '../bambu/models.js';
import { runCli } from './run.js';

/** `--model X` or `--model=X`, before the common options are read (the title names it) */
const at = process.argv.findIndex((arg) => arg === '--model' || arg.startsWith('--model='));
const requested = (
  at < 0 ? 'P1S' : (process.argv[at]!.split('=')[1] ?? process.argv[at + 1] ?? '')
).toUpperCase();

/**
 * `npm run sim:bambu -- --model H2D --port 8883`: --port is the MQTT port; FTPS and the
 * cameras take any free port. The model drives the camera (JPEG on 6000 or RTSPS), the AMS,
 * the nozzles and the report style (bambu/models.ts).
 */
if (!isBambuModelKey(requested)) {
  console.error(
    `--model must be one of ${Object.keys(BAMBU_MODELS).join(', ')}; got "${requested}"`,
  );
  process.exitCode = 2;
} else {
  await runCli(`virtual ${productNameOf(requested)}`, async (options) => {
    const sim = await startVirtualBambu({
      host: options.host,
      mqttPort: options.port,
      ...(options.apiKey ? { accessCode: options.apiKey } : {}),
      model: requested,
      name: options.name,
      speed: options.speed,
    });
    const camera = sim.rtspsPort
      ? `RTSPS camera port: ${sim.rtspsPort} (LAN Only Liveview ${sim.faults.isLiveviewOn() ? 'on' : 'off'}; "liveview on|off")`
      : `camera port: ${sim.cameraPort}`;
    console.log(
      `serial: ${sim.serial}, access code: ${sim.accessCode}, FTPS (implicit TLS) port: ${sim.ftpsPort}, ${camera}`,
    );
    return sim;
  });
}
