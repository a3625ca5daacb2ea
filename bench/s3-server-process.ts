/**
 * s3rver in a process of its own, for benches that measure the server and the store apart
 * (`startS3ServerProcess`): it makes one bucket, writes the server's environment for it as
 * one JSON line on stdout, and serves until SIGTERM.
 */
import { startTestS3Server } from '../apps/server/test-support/s3-server.js';

const s3 = await startTestS3Server();
const settings = await s3.createBucket('bench');
process.stdout.write(`${JSON.stringify(s3.envFor(settings))}\n`);
process.once('SIGTERM', () => {
  void s3.close().then(() => process.exit(0));
});
