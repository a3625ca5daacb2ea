import { afterEach, describe, it } from 'vitest';
import type { FakePrinter } from './support/fake-printer.js';
import { uploadGcode } from './support/files-world.js';
import { useAppAndBrowser } from './support/fixture.js';
import { expectState, printerCard } from './support/printers-ui.js';
import { addFakePrinter, callApi, createAdmin, openAs } from './support/printers-world.js';

/** The printers page takes its states from the stream (issue 31): no poll needed for a change. */
describe('printer states over the stream', () => {
  const fixture = useAppAndBrowser();
  const devices: FakePrinter[] = [];
  afterEach(async () => {
    await Promise.all(devices.splice(0).map((device) => device.stop()));
  });

  it('changes a card with every devices-states poll refused', async () => {
    const admin = await createAdmin(fixture.app, 'stream@example.com');
    const printer = await addFakePrinter(fixture.app, admin, {
      name: 'Streamed',
      driver: 'octoprint',
      tickMs: 600_000,
    });
    devices.push(printer.device);
    const page = await fixture.openPage({ locale: 'en-US' });
    // the list's poll fails every time (a server error, which opens no modal): only the stream
    // can bring the states
    await page.route(/\/devices-states\/$/, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'internal', message: 'refused by the test' }),
      }),
    );
    await openAs(page, fixture.app, admin, '/printers');
    const card = printerCard(page, 'Streamed');
    await expectState(card, 'READY_TO_PRINT');

    const gcode = await uploadGcode(fixture.app, admin, 'streamed.gcode');
    await callApi(fixture.app, `/printers/${printer.id}/files/`, {
      token: admin.access,
      body: { file_id: gcode.id, print: true, make_video: false },
    });
    await expectState(card, 'PRINTING');
  });
});
