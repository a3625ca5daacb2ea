import type { PrintFileFormat } from '@printdeck/shared';

const MAX_FILE_NAME = 255;

/**
 * The name a printer gets the file under. The display name is the user's to choose ("Benchy
 * final"), but OctoPrint and Moonraker accept only files whose name ends in their type's
 * extension: the extension of the file's format is added when the name lacks it.
 */
export function getPrintFileName(name: string, format: PrintFileFormat): string {
  const extension = `.${format}`;
  // a name is one file name on the printer, never a path into its folders
  const base = name.replace(/[/\\]/g, '_').trim() || 'print';
  if (base.toLowerCase().endsWith(extension)) return base.slice(0, MAX_FILE_NAME);
  return `${base.slice(0, MAX_FILE_NAME - extension.length)}${extension}`;
}
