/** One reading of both heaters at a simulated instant. */
export interface TemperatureSample {
  /** Simulated ms. */
  time: number;
  extruder: HeaterReading;
  bed: HeaterReading;
}

export interface HeaterReading {
  temperature: number;
  target: number;
  power: number;
}

/** A ring of the latest samples, oldest first. */
export class TemperatureHistory {
  #samples: TemperatureSample[] = [];

  constructor(readonly capacity: number) {}

  add(sample: TemperatureSample): void {
    this.#samples.push(sample);
    if (this.#samples.length > this.capacity) this.#samples.shift();
  }

  all(): readonly TemperatureSample[] {
    return this.#samples;
  }

  /** Samples strictly newer than `time`. */
  since(time: number): TemperatureSample[] {
    return this.#samples.filter((sample) => sample.time > time);
  }
}
