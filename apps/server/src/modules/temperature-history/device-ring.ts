import type { TemperatureReading, TemperatureSample } from './temperature-history-store.js';

/** Tenths of a degree in 16 bits: -3276.7 … 3276.7 °C, far beyond any heater. */
const MISSING = -32768;
/** words per sample: the second, then two heaters' pairs of 16-bit values */
const WORDS = 3;
/** a ring's first allocation: a device connected for a minute holds a minute, not half an hour */
const FIRST_CAPACITY = 16;

function encode(value: number | null): number {
  if (value === null || !Number.isFinite(value)) return MISSING;
  return Math.max(-32767, Math.min(32767, Math.round(value * 10)));
}

function decode(value: number): number | null {
  return value === MISSING ? null : value / 10;
}

/** Two 16-bit values in one 32-bit word (the high half signed on the way back). */
function pack(high: number, low: number): number {
  return ((high << 16) | (low & 0xffff)) >>> 0;
}

/**
 * One device's samples, oldest overwritten first once `capacity` are held: 12 bytes a sample
 * in one typed array, which grows (doubling) as the samples come, so memory follows how long
 * the device has reported, up to the window's worth (issue 31: 4.3 KB allocated at the first
 * state was the largest part of a connected device's memory).
 */
export class DeviceRing {
  private words: Uint32Array;
  /** the slot the next sample goes to */
  private next = 0;
  size = 0;
  lastSampleMs = -Infinity;
  isOnline = true;
  /** the latest reading, encoded; repeated by a sample when nothing new came */
  private nozzle = pack(MISSING, MISSING);
  private bed = pack(MISSING, MISSING);

  constructor(readonly capacity: number) {
    this.words = new Uint32Array(Math.min(FIRST_CAPACITY, capacity) * WORDS);
  }

  setLatest(reading: TemperatureReading): void {
    this.nozzle = pack(encode(reading.nozzleActual), encode(reading.nozzleTarget));
    this.bed = pack(encode(reading.bedActual), encode(reading.bedTarget));
  }

  /** The latest reading as a sample taken at `second`. */
  latestAt(second: number): TemperatureSample {
    return this.sampleOf(second, this.nozzle, this.bed);
  }

  /** Keeps the latest reading as the sample of `nowMs`. */
  push(nowMs: number): void {
    if (this.size === this.slots() && this.slots() < this.capacity) this.grow();
    const base = this.next * WORDS;
    this.words[base] = Math.floor(nowMs / 1000);
    this.words[base + 1] = this.nozzle;
    this.words[base + 2] = this.bed;
    this.next = (this.next + 1) % this.slots();
    this.size = Math.min(this.size + 1, this.capacity);
    this.lastSampleMs = nowMs;
  }

  /** The samples taken at or after `oldestSecond`, oldest first. */
  readSince(oldestSecond: number): TemperatureSample[] {
    const slots = this.slots();
    const samples: TemperatureSample[] = [];
    for (let i = 0; i < this.size; i += 1) {
      const base = ((this.next - this.size + i + slots) % slots) * WORDS;
      const second = this.words[base]!;
      if (second < oldestSecond) continue;
      samples.push(this.sampleOf(second, this.words[base + 1]!, this.words[base + 2]!));
    }
    return samples;
  }

  /** Slots allocated now (tests: the ring grows as it fills). */
  slots(): number {
    return this.words.length / WORDS;
  }

  /** Doubles the slots; only while not yet wrapped, so the samples keep their places. */
  private grow(): void {
    const words = new Uint32Array(Math.min(this.slots() * 2, this.capacity) * WORDS);
    words.set(this.words);
    this.words = words;
    this.next = this.size;
  }

  private sampleOf(second: number, nozzle: number, bed: number): TemperatureSample {
    return {
      at: second * 1000,
      nozzleActual: decode(nozzle >> 16),
      nozzleTarget: decode((nozzle << 16) >> 16),
      bedActual: decode(bed >> 16),
      bedTarget: decode((bed << 16) >> 16),
    };
  }
}
