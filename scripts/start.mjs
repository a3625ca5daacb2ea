// `npm start`: check the Node.js version, build what is missing, then run the server (API + web
// app) in this process. Only the version check is imported up front: the rest may use what an
// old Node lacks, and must not load before the check has said so.
import { exitIfNodeTooOld } from './node-version.mjs';

exitIfNodeTooOld();
import('./build-if-needed.mjs')
  .then(function (build) {
    build.buildIfNeeded();
    return import('../apps/server/dist/main.js');
  })
  .catch(function (error) {
    process.stderr.write('Printdeck failed to start: ' + error.message + '\n');
    process.exit(1);
  });
