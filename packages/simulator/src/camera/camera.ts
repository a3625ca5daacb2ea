import jpeg from 'jpeg-js';
import { Canvas, textHeight, textWidth, type Rgb } from './canvas.js';

/** What the camera "sees": the values the overlay prints. */
export interface CameraView {
  name: string;
  state: string;
  extruder: { temperature: number; target: number };
  bed: { temperature: number; target: number };
  /** 0..1, or null without a job. */
  progress: number | null;
  /**
   * Where the print head is across the bed, 0..1, or null when it is parked. A real camera
   * sees the head move while printing, so no two frames of a running print are alike.
   */
  head?: number | null;
  fileName: string | null;
  /** LED colour, each channel 0..1. */
  lights: { red: number; green: number; blue: number; white: number };
}

export interface CameraOptions {
  width?: number;
  height?: number;
  /** JPEG quality 1..100. */
  quality?: number;
}

const TEXT: Rgb = [235, 235, 235];
const DIM: Rgb = [150, 160, 170];
const ACCENT: Rgb = [255, 150, 40];
const BED: Rgb = [90, 90, 100];

/**
 * Snapshots as real JPEGs. A frame is rendered only when what it shows changes (temperatures
 * to the degree, progress to the percent), so polling a steady printer costs nothing.
 */
export class Camera {
  readonly width: number;
  readonly height: number;
  readonly quality: number;
  #key = '';
  #frame: Buffer | null = null;
  #renders = 0;

  constructor(
    private readonly describe: () => CameraView,
    options: CameraOptions = {},
  ) {
    this.width = bounded(options.width ?? 320, 16, 1920, 'width');
    this.height = bounded(options.height ?? 240, 16, 1080, 'height');
    this.quality = bounded(options.quality ?? 70, 1, 100, 'quality');
  }

  /** How many frames were encoded so far (the cache's hit rate shows in tests). */
  get renders(): number {
    return this.#renders;
  }

  snapshot(): Buffer {
    const view = roundView(this.describe());
    const key = JSON.stringify(view);
    if (this.#frame && key === this.#key) return this.#frame;
    this.#frame = renderFrame(view, this);
    this.#key = key;
    this.#renders++;
    return this.#frame;
  }
}

/** The head sweeps the bed back and forth as the file is printed: 50 passes per print. */
export function headAcrossBed(progress: number): number {
  const sweep = (progress * 50) % 2;
  return sweep <= 1 ? sweep : 2 - sweep;
}

function bounded(value: number, min: number, max: number, what: string): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`camera ${what} must be an integer from ${min} to ${max}`);
  }
  return value;
}

function roundView(view: CameraView): CameraView {
  const temp = (reading: { temperature: number; target: number }) => ({
    temperature: Math.round(reading.temperature),
    target: Math.round(reading.target),
  });
  const light = (value: number) => Math.round(value * 20) / 20;
  return {
    ...view,
    extruder: temp(view.extruder),
    bed: temp(view.bed),
    progress: view.progress === null ? null : Math.floor(view.progress * 100) / 100,
    head: view.head === undefined || view.head === null ? null : Math.round(view.head * 100) / 100,
    lights: {
      red: light(view.lights.red),
      green: light(view.lights.green),
      blue: light(view.lights.blue),
      white: light(view.lights.white),
    },
  };
}

export function renderFrame(
  view: CameraView,
  size: { width: number; height: number; quality: number },
): Buffer {
  const canvas = new Canvas(size.width, size.height);
  const scale = Math.max(1, Math.floor(size.width / 160));
  const margin = 4 * scale;
  const lineHeight = textHeight(scale) + 3 * scale;
  canvas.fill(background(view.lights));
  drawPrinter(canvas, view.progress ?? 0, view.head ?? 0.5, margin);

  const maxChars = Math.floor((size.width - 2 * margin) / textWidth('M', scale));
  const fit = (text: string) => (text.length > maxChars ? text.slice(0, maxChars) : text);
  const lines: [string, Rgb][] = [
    [view.name, TEXT],
    [view.state, ACCENT],
    [`NOZZLE ${view.extruder.temperature}/${view.extruder.target}°C`, TEXT],
    [`BED ${view.bed.temperature}/${view.bed.target}°C`, TEXT],
  ];
  if (view.progress !== null) lines.push([`PROGRESS ${Math.floor(view.progress * 100)}%`, TEXT]);
  if (view.fileName) lines.push([view.fileName, DIM]);
  lines.forEach(([text, color], index) =>
    canvas.drawText(fit(text), margin, margin + index * lineHeight, scale, color),
  );

  if (view.progress !== null) {
    const barY = size.height - margin - 3 * scale;
    const barWidth = size.width - 2 * margin;
    canvas.strokeRect(margin, barY, barWidth, 3 * scale, DIM);
    canvas.fillRect(margin, barY, barWidth * view.progress, 3 * scale, ACCENT);
  }
  return jpeg.encode({ width: size.width, height: size.height, data: canvas.data }, size.quality)
    .data;
}

function background(lights: CameraView['lights']): Rgb {
  const channel = (base: number, colour: number) =>
    Math.min(255, Math.round(base + 90 * lights.white + 110 * colour));
  return [channel(28, lights.red), channel(32, lights.green), channel(38, lights.blue)];
}

/** A bed, the part growing on it with the progress, and the nozzle where the head is. */
function drawPrinter(canvas: Canvas, progress: number, head: number, margin: number): void {
  const bedWidth = Math.round(canvas.width * 0.4);
  const bedX = canvas.width - margin - bedWidth;
  const bedY = canvas.height - margin * 3;
  canvas.fillRect(bedX, bedY, bedWidth, margin / 2, BED);
  const partMax = Math.round(canvas.height * 0.35);
  const partHeight = Math.round(partMax * progress);
  const partWidth = Math.round(bedWidth * 0.4);
  const partX = bedX + (bedWidth - partWidth) / 2;
  canvas.fillRect(partX, bedY - partHeight, partWidth, partHeight, ACCENT);
  const nozzleY = bedY - partHeight - margin * 2;
  const nozzleX = bedX + head * (bedWidth - margin);
  canvas.fillRect(nozzleX, nozzleY, margin, margin * 2, DIM);
}
