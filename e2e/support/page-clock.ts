import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * How often a page asks for something, measured on the page's own clock instead of by waiting:
 * the page's timers run on Playwright's clock, the test pauses it and moves it on, and the
 * page counts its own `fetch` calls as they are made (no event from the browser can arrive
 * late). Between steps the test waits until no counted request is in flight, so a poller that
 * schedules its next tick after an answer has scheduled it before the clock moves again.
 */
export interface PageRequests {
  /** fetch calls made so far whose URL contains the fragment */
  count(): Promise<number>;
  /** pauses the page's clock; its timers then move only with `advance` */
  pause(): Promise<void>;
  /** moves the paused clock `ms` on in steps, each step's requests answered before the next */
  advance(ms: number, step?: number): Promise<void>;
  /** lets the page's time flow again */
  resume(): Promise<void>;
}

interface CountedWindow {
  __countedRequests: { made: number; inFlight: number };
}

/** Call before the page's first navigation: installs the clock and the counter. */
export async function countPageRequests(page: Page, urlFragment: string): Promise<PageRequests> {
  await page.clock.install();
  await page.addInitScript((fragment: string) => {
    const counted = { made: 0, inFlight: 0 };
    // a task the clock does not hold (its fake setTimeout would wait for the next step)
    const hop = new MessageChannel();
    const afterTask: (() => void)[] = [];
    hop.port1.onmessage = () => afterTask.shift()?.();
    (window as unknown as CountedWindow).__countedRequests = counted;
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.includes(fragment)) return original(input, init);
      counted.made += 1;
      counted.inFlight += 1;
      return original(input, init).finally(() => {
        // the answer's own continuation (reading it, scheduling the next tick) runs first
        afterTask.push(() => (counted.inFlight -= 1));
        hop.port2.postMessage(null);
      });
    };
  }, urlFragment);

  const read = () => page.evaluate(() => (window as unknown as CountedWindow).__countedRequests);
  const settle = () => expect.poll(async () => (await read()).inFlight).toBe(0);
  return {
    count: async () => (await read()).made,
    pause: async () => {
      await settle();
      // a moment just ahead of the page's clock; under load it may have passed by the time the
      // pause arrives ("cannot fast-forward to the past"), then a later one is taken
      for (let attempt = 1; ; attempt += 1) {
        try {
          await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
          return;
        } catch (error) {
          if (attempt === 5 || !String(error).includes('past')) throw error;
        }
      }
    },
    advance: async (ms, step = 250) => {
      for (let moved = 0; moved < ms; moved += step) {
        await page.clock.runFor(Math.min(step, ms - moved));
        await settle();
      }
    },
    resume: () => page.clock.resume(),
  };
}
