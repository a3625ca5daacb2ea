/**
 * Issue 30's list of observed differences between the simulators and OctoPrint 1.11.8 /
 * Moonraker 0.10 + Klipper 0.13: one probe per listed behaviour against a fresh simulator,
 * true when the simulator now behaves as the real one did. A behaviour with no probe yet is
 * counted as not reproduced. Upstream sources: `docs/printer-fidelity.md`.
 */
export interface Probe {
  name: string;
  run: (() => Promise<boolean>) | null;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function until(check: () => boolean, ms = 5000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await sleep(20);
  }
  return true;
}

export const GCODE = [
  ';TIME:60',
  'G28',
  ...Array.from({ length: 40 }, (_, i) => `G1 X${i} E${i}`),
].join('\n');

/** Runs every probe; a probe that throws counts as not reproduced. */
export async function countReproduced(
  probes: readonly Probe[],
): Promise<{ reproduced: number; results: Array<{ name: string; isReproduced: boolean }> }> {
  const results: Array<{ name: string; isReproduced: boolean }> = [];
  for (const probe of probes) {
    const isReproduced = probe.run ? await probe.run().catch(() => false) : false;
    results.push({ name: probe.name, isReproduced });
  }
  return { reproduced: results.filter((r) => r.isReproduced).length, results };
}
