import { notFound } from '../../http/app-error.js';

/** The one answer for a file that is missing, in another workspace, or not visible (spec §8). */
export const gcodeNotFound = () => notFound('Gcode does not exists.');
