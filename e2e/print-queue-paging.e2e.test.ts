import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/fixture.js';
import { uploadGcode } from './support/files-world.js';
import { callApi, createAdmin, openAs } from './support/printers-world.js';
import { expectVisible } from './support/ui.js';

/** A long queue (issue 31): the page reads it a hundred items at a time and shows more on request. */
describe('a long print queue', () => {
  const fixture = useAppAndBrowser();

  it('shows the first hundred of 130 queued items, the count of all, and the rest on request', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'long-queue@example.com');
    await callApi(app, `/users/me/groups/${admin.workspaceId}/`, {
      token: admin.access,
      method: 'PATCH',
      body: { settings: { print_queue_enabled: true } },
    });
    const gcode = await uploadGcode(app, admin, 'part.gcode');
    for (let i = 0; i < 130; i += 1)
      await callApi(app, `/groups/${admin.workspaceId}/print-queue/`, {
        token: admin.access,
        body: { file: gcode.id },
      });

    const page = await fixture.openPage();
    await openAs(page, app, admin, '/print-queue');
    const queueBox = page.getByTestId('queue-box-queue');
    const items = queueBox.getByTestId('queue-item');
    await expectVisible(queueBox.getByText('100 of 130 shown'));
    expect(await items.count()).toBe(100);
    await expectVisible(queueBox.getByText('130', { exact: true }));
    await queueBox.getByRole('button', { name: 'Show 30 more' }).click();
    await expect.poll(() => items.count()).toBe(130);
    await expect.poll(() => queueBox.getByTestId('queue-show-more').count()).toBe(0);
  });
});
