/** External destinations of the user menu; a deployment may point them elsewhere. */
export const EXTERNAL_LINKS = {
  forum: import.meta.env.VITE_FORUM_URL ?? 'https://forum.printdeck.io',
  help: import.meta.env.VITE_HELP_URL ?? 'https://help.printdeck.io',
} as const;
