/// <reference types="vite/client" />

/** Id of this web build, set by vite.config.ts; the server reports the id of the build it serves. */
declare const __APP_BUILD_ID__: string;

interface ImportMetaEnv {
  /** the community forum linked from the user menu */
  readonly VITE_FORUM_URL?: string;
  /** help and support linked from the user menu */
  readonly VITE_HELP_URL?: string;
}
