import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectPath, expectVisible } from './ui.js';

/** What the printers screens show, found the way a person finds it. */

export function printerCard(page: Page, name: string): Locator {
  return page
    .getByTestId('printer-card')
    .filter({ has: page.getByRole('link', { name, exact: true }) });
}

/**
 * Settings → Printers listing `name`: the list itself, not the add page that may still show
 * while the address has moved on (its submit button bears the list's "Add printer" too).
 */
export async function expectSettingsPrinter(page: Page, name: string): Promise<void> {
  await expectPath(page, '/settings/printers');
  await expectVisible(page.getByTestId('settings-printer').filter({ hasText: name }));
}

export function stateOf(scope: Locator): Promise<string | null> {
  return scope.getByTestId('printer-state').first().getAttribute('data-state');
}

/** Waits until the card (or the detail header) shows the state, up to the poll timeout. */
export async function expectState(scope: Locator, state: string, timeout = 15_000) {
  let shown: string | null = null;
  try {
    await expect
      .poll(async () => (shown = await stateOf(scope)), { timeout, interval: 250 })
      .toBe(state);
  } catch (error) {
    // which card, and what it showed instead: "did not succeed in time" alone names neither
    throw new Error(`${scope.toString()} showed ${shown} for ${timeout} ms, not ${state}`, {
      cause: error,
    });
  }
}

export function section(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** A notification (Mantine's) with its title and message. */
export async function expectNotification(page: Page, title: string, message: string) {
  const notification = page.locator('.mantine-Notification-root').filter({ hasText: title });
  await expectVisible(notification.filter({ hasText: message }));
}

/** The actual temperature a card shows for the bed or the nozzle, in °C. */
export async function readActualTemperature(card: Locator, part: 'bed' | 'tool0') {
  const text = await card.getByTestId(`temperature-${part}`).innerText();
  const match = /(-?[\d.]+)\/(-?[\d.–]+) °C/.exec(text);
  return match ? Number(match[1]) : Number.NaN;
}

/** Drags with the mouse from one element to another, slowly enough for dnd-kit. */
export async function dragTo(page: Page, from: Locator, to: Locator) {
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error('cannot drag: an element is not visible');
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2 + 10, start.y + start.height / 2 + 10, {
    steps: 5,
  });
  await page.mouse.move(end.x + end.width / 2, end.y + Math.min(40, end.height / 2), { steps: 15 });
  await page.mouse.up();
}
