import { describe, expect, it } from 'vitest';
import type { AppUnderTest } from './support/app-under-test.js';
import { seedEndedJobs, type EndedJob } from './support/ended-jobs.js';
import { useAppAndBrowser } from './support/fixture.js';
import { createAdmin, openAs, type Member } from './support/printers-world.js';
import { expectHeading, expectVisible } from './support/ui.js';

const DAY_MS = 24 * 3600_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Print jobs as the server records them, written straight into the instance's database. */
function seedJobs(app: AppUnderTest, member: Member, now: number): void {
  const jobs: Array<[number, string, EndedJob['outcome'], number]> = [
    [3, 'Prusa MK4', 'done', 1.5],
    [3, 'Prusa MK4', 'done', 1.5],
    [3, 'Voron 2.4', 'failed', 0.75],
    [2, 'Voron 2.4', 'done', 4.25],
    [1, 'Prusa MK4', 'cancelled', 0.5],
  ];
  seedEndedJobs(
    app,
    jobs.map(([daysAgo, printerName, outcome, cost]) => ({
      workspaceId: member.workspaceId,
      printerName,
      username: member.email,
      startedMs: now - daysAgo * DAY_MS,
      seconds: 3600,
      outcome,
      grams: 12,
      millimetres: 4000,
      printingTimeSec: 3600,
      cost,
    })),
  );
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
    // three days with jobs: done, failed and cancelled bars (the charts answer apart from the
    // summary: the chart of the earlier range may still be on show)
    await expect
      .poll(() => jobs.locator('.recharts-bar-rectangle path').count())
      .toBeGreaterThanOrEqual(4);
    await expectVisible(jobs.getByText('Failed'));

    const filament = page.getByRole('region', { name: 'Filament used' });
    await expectVisible(filament.locator('.recharts-bar-rectangle').first());

    const printers = page.getByRole('region', { name: 'Printing hours per printer' });
    await expectVisible(printers.getByText('Prusa MK4'));
    await expectVisible(printers.getByText('Voron 2.4'));
    expect(await printers.locator('.recharts-bar-rectangle path').count()).toBe(2);

    // what each printer's prints cost (issue 26): Voron 5, MK4 3.5
    const cost = page.getByRole('region', { name: 'Cost per printer' });
    await expectVisible(cost.getByText('Voron 2.4'));
    await expectVisible(cost.getByText('Prusa MK4'));
    expect(await cost.locator('.recharts-bar-rectangle path').count()).toBe(2);

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
