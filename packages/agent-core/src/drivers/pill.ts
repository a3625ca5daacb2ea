import { OctoPrintDriver, type OctoPrintDriverOptions } from './octoprint/octoprint-driver.js';

/** The vendor's pill: OctoPrint on a small computer with its own LED (M150) and camera. */
export function createPillDriver(
  options: Omit<OctoPrintDriverOptions, 'kind' | 'hasLed' | 'hasCamera'>,
): OctoPrintDriver {
  return new OctoPrintDriver({ ...options, kind: 'pill', hasLed: true, hasCamera: true });
}
