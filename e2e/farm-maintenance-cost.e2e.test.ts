import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppUnderTest } from './support/app-under-test.js';
import { seedEndedJobs } from './support/ended-jobs.js';
import type { FakePrinter } from './support/fake-printer.js';
import { useAppAndBrowser } from './support/fixture.js';
import { printerCard } from './support/printers-ui.js';
import { addFakePrinter, createAdmin, openAs } from './support/printers-world.js';
import { expectHidden, expectVisible } from './support/ui.js';

/** Writes to the instance's database what no request can make quickly (a year of printing). */
function runSql(app: AppUnderTest, sql: string, ...params: unknown[]): void {
  const db = new Database(path.join(app.dataDir, 'printdeck.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

describe('farm maintenance and the print log (issue 26)', () => {
  const fixture = useAppAndBrowser();
  const devices: FakePrinter[] = [];
  afterAll(async () => {
    await Promise.all(devices.map((device) => device.stop()));
  });

  it('adds a maintenance task from a template; when due the card says so; Mark done records who and starts again', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'maintenance@example.com');
    const printer = await addFakePrinter(app, admin, { name: 'Prusa M', driver: 'octoprint' });
    devices.push(printer.device);
    const page = await fixture.openPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await openAs(page, app, admin, `/printers/${printer.id}`);

    const panel = page.getByTestId('printer-maintenance');
    await expectVisible(panel.getByText('No maintenance tasks yet.'));
    await panel.getByRole('button', { name: 'Add task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a maintenance task' });
    await dialog.getByRole('textbox', { name: 'Common task' }).click();
    await page.getByRole('option', { name: 'Replace nozzle' }).click();
    expect(await dialog.getByLabel('Every … print hours').inputValue()).toBe('1000');
    // a negative interval is refused beside its field
    await dialog.getByLabel('Every … print hours').fill('-3');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectVisible(dialog.getByText('The interval in print hours is more than 0.'));
    await dialog.getByLabel('Every … print hours').fill('1000');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectHidden(dialog);
    const task = panel.getByTestId('maintenance-task');
    await expect.poll(() => task.getByTestId('maintenance-state').textContent()).toBe('OK');
    expect(await task.getByTestId('maintenance-counters').innerText()).toBe('0 / 1000 print hours');
    // the page fits a phone: nothing wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    // 1,000 print hours later (as the job endings would have counted them)
    runSql(app, 'UPDATE maintenance_tasks SET hours_since_done = 1003.5');
    await page.goto(`${app.url}/printers`);
    const badge = printerCard(page, 'Prusa M').getByTestId('printer-maintenance-due');
    await expect.poll(() => badge.textContent(), { timeout: 10_000 }).toBe('Maintenance due');

    await page.goto(`${app.url}/printers/${printer.id}`);
    await expect.poll(() => task.getByTestId('maintenance-state').textContent()).toBe('Due');
    await task.getByRole('button', { name: 'Mark done' }).click();
    await expect
      .poll(() => task.getByTestId('maintenance-state').textContent(), { timeout: 10_000 })
      .toBe('OK');
    await expect
      .poll(() => task.getByTestId('maintenance-history').first().innerText())
      .toMatch(/^Done by maintenance/);
    await page.goto(`${app.url}/printers`);
    await expectVisible(printerCard(page, 'Prusa M'));
    expect(await printerCard(page, 'Prusa M').getByTestId('printer-maintenance-due').count()).toBe(
      0,
    );
  });

  it('exports the print log of the statistics range as CSV, with cost, formulas defused', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'printlog@example.com');
    const day = Date.parse('2026-02-10T08:00:00Z');
    seedEndedJobs(app, [
      {
        workspaceId: admin.workspaceId,
        printerName: '=Line 1',
        username: 'ann',
        startedMs: day,
        seconds: 3600,
        outcome: 'done',
        grams: 12.5,
        millimetres: 4000,
        printingTimeSec: 3600,
      },
      {
        workspaceId: admin.workspaceId,
        printerName: 'Line 2, left',
        username: 'bob',
        startedMs: day + 7_200_000,
        seconds: 1800,
        outcome: 'failed',
        grams: 10,
        millimetres: 3000,
        printingTimeSec: 3600,
      },
    ]);
    runSql(
      app,
      `UPDATE print_jobs SET cost_total = 4.4325, cost_currency = 'EUR'
        WHERE workspace_id = ? AND printer_name = '=Line 1'`,
      admin.workspaceId,
    );
    const page = await fixture.openPage();
    await openAs(page, app, admin, '/workspace-stats');
    await page.getByLabel('Date from').fill('2026-02-01');
    await page.getByLabel('Date to').fill('2026-02-28');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => page.getByTestId('stat-printJobs').innerText()).toBe('2');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export print log (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('print-log-2026-02-01-2026-02-28.csv');
    // the run's one browser is reached remotely: no local path, the download is read as a stream
    const text = (await buffer(await download.createReadStream())).toString('utf8');
    expect(text.split('\r\n')).toEqual([
      '\ufeffdate,printer,file,who,outcome,duration_s,filament_g,cost,currency',
      "2026-02-10T08:00:00.000Z,'=Line 1,part.gcode,ann,done,3600,12.5,4.43,EUR",
      '2026-02-10T10:00:00.000Z,"Line 2, left",part.gcode,bob,failed,1800,5,,',
      '',
    ]);
  });
});
