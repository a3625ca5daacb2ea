import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { AppUnderTest } from './support/app-under-test.js';
import { useAppAndBrowser } from './support/fixture.js';
import { createAdmin, openAs, type Member } from './support/printers-world.js';
import { expectHeading, expectVisible } from './support/ui.js';

const DAY_MS = 24 * 3600_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Print jobs as the server records them, written straight into the instance's database. */
function seedJobs(app: AppUnderTest, member: Member, now: number): void {
  const db = new Database(path.join(app.dataDir, 'printdeck.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const insert = db.prepare(
      `INSERT INTO print_jobs (workspace_id, file_id, file_name, printer_id, printer_name,
        device_key_id, user_id, username, started_on, ended_on, outcome, make_video, video_state,
        filament_used_g, filament_used_mm, printing_time_sec)
       VALUES (?, NULL, 'part.gcode', NULL, ?, 1, NULL, ?, ?, ?, ?, 0, 'NOT_RECORDED', 12, 4000, 3600)`,
    );
    const jobs: Array<[number, string, string]> = [
      [3, 'Prusa MK4', 'done'],
      [3, 'Prusa MK4', 'done'],
      [3, 'Voron 2.4', 'failed'],
      [2, 'Voron 2.4', 'done'],
      [1, 'Prusa MK4', 'cancelled'],
    ];
    for (const [daysAgo, printer, outcome] of jobs) {
      const started = now - daysAgo * DAY_MS;
      insert.run(
        member.workspaceId,
        printer,
        member.email,
        new Date(started).toISOString(),
        new Date(started + 3600_000).toISOString(),
        outcome,
      );
    }
  } finally {
    db.close();
  }
}

describe('statistics charts', () => {
  const fixture = useAppAndBrowser();

  it('the statistics page keeps its figures and draws jobs by outcome, filament and hours per printer', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'stats@example.com');
    const now = Date.now();
    seedJobs(app, admin, now);

    const page = await fixture.openPage();
    // reached from the app itself: the user menu leads to the statistics
    await openAs(page, app, admin, '/');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Statistics' }).click();
    await expectHeading(page, 'Workspace statistics');
    await page.getByLabel('Date from').fill(dayOf(now - 6 * DAY_MS));
    await page.getByLabel('Date to').fill(dayOf(now));
    await page.getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => page.getByTestId('stat-printJobs').innerText()).toBe('5');

    const jobs = page.getByRole('region', { name: 'Print jobs by outcome' });
    await expectVisible(jobs.locator('.recharts-bar-rectangle').first());
    // three days with jobs: done, failed and cancelled bars
    expect(await jobs.locator('.recharts-bar-rectangle path').count()).toBeGreaterThanOrEqual(4);
    await expectVisible(jobs.getByText('Failed'));

    const filament = page.getByRole('region', { name: 'Filament used' });
    await expectVisible(filament.locator('.recharts-bar-rectangle').first());

    const printers = page.getByRole('region', { name: 'Printing hours per printer' });
    await expectVisible(printers.getByText('Prusa MK4'));
    await expectVisible(printers.getByText('Voron 2.4'));
    expect(await printers.locator('.recharts-bar-rectangle path').count()).toBe(2);

    // per week: at most two weeks in seven days
    await page.getByText('Per week').click();
    await expect
      .poll(() => jobs.locator('.recharts-xAxis .recharts-cartesian-axis-tick').count())
      .toBeLessThanOrEqual(2);

    // an inverted range says which field keeps Update off, and the old numbers go away
    await page.getByLabel('Date from').fill(dayOf(now + 2 * DAY_MS));
    await expectVisible(page.getByText('Date to is before Date from'));
    expect(await page.getByRole('button', { name: 'Update' }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Date to').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.getByTestId('stat-printJobs').count()).toBe(0);
    await expect.poll(() => jobs.count()).toBe(0);

    // an empty range says so instead of drawing empty charts
    await page.getByLabel('Date from').fill('2020-01-01');
    await page.getByLabel('Date to').fill('2020-01-31');
    await page.getByRole('button', { name: 'Update' }).click();
    await expectVisible(page.getByTestId('stats-charts-empty'));
  });
});
