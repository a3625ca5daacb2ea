/**
 * Printers freed while a wave is being looked at wait for it and form the next wave together,
 * so fifty freed at once cost a few looks, and one freed alone is looked at at once. `look`
 * answers a turn (the printer's claim and start) per printer; a printer without one has none.
 * Answers `join`: the printer joins the next wave, resolved once its turn is done.
 */
export function gatherWaves(
  look: (printerIds: number[]) => Promise<Map<number, Promise<void>>>,
): (printerId: number) => Promise<void> {
  const gathered = new Map<number, (turn: Promise<void>) => void>();
  let isLooking = false;
  let isWaiting = false;

  async function lookAtGathered(): Promise<void> {
    isLooking = true;
    try {
      while (gathered.size > 0) {
        const wave = new Map(gathered);
        gathered.clear();
        // a failed look gives no turns: the printers look again on the next kick or tick
        const turns = await look([...wave.keys()]).catch(() => new Map<number, Promise<void>>());
        for (const [printerId, giveTurn] of wave)
          giveTurn(turns.get(printerId) ?? Promise.resolve());
      }
    } finally {
      isLooking = false;
    }
  }

  return (printerId) =>
    new Promise<Promise<void>>((giveTurn) => {
      gathered.set(printerId, giveTurn);
      if (isLooking || isWaiting) return;
      isWaiting = true;
      // the kicks of the same moment (a wave of ends, a kick of the workspace) join this wave
      setTimeout(() => {
        isWaiting = false;
        if (!isLooking) void lookAtGathered();
      }, 0);
    }).then((turn) => turn);
}
