// `npm start`: build what is missing, then run the server (API + web app) in this process.
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
await import('../apps/server/dist/main.js');
