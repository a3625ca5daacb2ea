import type { Locator } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { FakePrinter } from './support/fake-printer.js';
import { useAppAndBrowser } from './support/fixture.js';
import { section } from './support/printers-ui.js';
import {
  addFakePrinter,
  callApi,
  createAdmin,
  createDeviceKey,
  openAs,
} from './support/printers-world.js';
import { expectColorScheme, expectVisible } from './support/ui.js';

/** How many points the line of one series has (a linear path: "M x,y L x,y …"). */
async function countPoints(graph: Locator, index: number): Promise<number> {
  const line = graph.locator('path.recharts-line-curve').nth(index);
  if ((await line.count()) === 0) return 0;
  const d = (await line.getAttribute('d')) ?? '';
  return (d.match(/[ML]/g) ?? []).length;
}

describe('temperature graph', () => {
  const fixture = useAppAndBrowser();
  const devices: FakePrinter[] = [];
  afterAll(async () => {
    await Promise.all(devices.map((device) => device.stop()));
  });

  it('draws the printer heating up, shows values on hover, in Czech and dark mode too; a printer without data shows an empty state', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'heater@example.com');
    // 10 °C per second: the server keeps a sample every 5 s
    const printer = await addFakePrinter(app, admin, {
      name: 'Heater',
      driver: 'octoprint',
      tickMs: 1000,
    });
    devices.push(printer.device);
    printer.device.tool.target = 215;
    printer.device.bed.target = 60;

    const page = await fixture.openPage();
    await openAs(page, app, admin, `/printers/${printer.id}`);
    const graph = section(page, 'Temperatures, last 30 minutes');
    await expectVisible(graph);
    await expect
      .poll(() => countPoints(graph, 0), { timeout: 30_000, interval: 500 })
      .toBeGreaterThanOrEqual(3);
    // the history rises: first sample near room temperature, the last well above it
    const history = await callApi<{ samples: Array<{ nozzle_actual: number }> }>(
      app,
      `/printers/${printer.id}/temperature-history/`,
      { token: admin.access },
    );
    expect(history.samples[0]!.nozzle_actual).toBeLessThan(100);
    expect(history.samples.at(-1)!.nozzle_actual).toBeGreaterThan(
      history.samples[0]!.nozzle_actual,
    );
    // four series: nozzle, its target, bed, its target
    expect(await graph.locator('path.recharts-line-curve').count()).toBe(4);

    // hover: the tooltip names the series with their values
    const surface = graph.locator('svg.recharts-surface').first();
    await surface.scrollIntoViewIfNeeded();
    const box = (await surface.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.move(box.x + box.width - 30, box.y + box.height / 2, { steps: 10 });
    const tooltip = page.locator('.recharts-tooltip-wrapper');
    await expectVisible(tooltip);
    expect(await tooltip.innerText()).toMatch(/Nozzle[\s\S]*\d+\.\d °C/);
    expect(await tooltip.innerText()).toContain('Bed target');

    // Czech in dark mode
    const czech = await fixture.openPage({ locale: 'cs-CZ', colorScheme: 'dark' });
    await openAs(czech, app, admin, `/printers/${printer.id}`);
    await expectColorScheme(czech, 'dark');
    const czechGraph = section(czech, 'Teploty za posledních 30 minut');
    await expectVisible(czechGraph.locator('path.recharts-line-curve').first());
    await czechGraph.locator('svg.recharts-surface').first().scrollIntoViewIfNeeded();
    const czechBox = (await czechGraph.locator('svg.recharts-surface').first().boundingBox())!;
    await czech.mouse.move(czechBox.x + czechBox.width / 2, czechBox.y + czechBox.height / 2);
    await czech.mouse.move(czechBox.x + czechBox.width - 30, czechBox.y + czechBox.height / 2, {
      steps: 10,
    });
    const czechTooltip = czech.locator('.recharts-tooltip-wrapper');
    await expectVisible(czechTooltip);
    expect(await czechTooltip.innerText()).toMatch(/Tryska[\s\S]*\d+,\d °C/);

    // a printer that never reported
    const silent = await callApi<{ id: number }>(app, '/printers/', {
      token: admin.access,
      body: { group: admin.workspaceId, name: 'Silent', token: await createDeviceKey(app, admin) },
    });
    await page.goto(`${app.url}/printers/${silent.id}`);
    await expectVisible(
      section(page, 'Temperatures, last 30 minutes').getByText(
        'No temperatures in the last 30 minutes yet.',
        { exact: false },
      ),
    );
  });
});
