import { afterAll, describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/fixture.js';
import { buildPrusaGcode, uploadGcode } from './support/files-world.js';
import { startSimulatedFleet, type Fleet } from './support/fleet.js';
import { expectState, printerCard } from './support/printers-ui.js';
import { callApi, createAdmin, createDeviceKey, openAs } from './support/printers-world.js';
import { expectPath, expectVisible } from './support/ui.js';

/**
 * A timelapse as a person makes and watches it (issue 12): a print with Make video on a
 * simulated Klipper printer whose real agent records its camera, then the video page.
 */
describe('timelapse videos on the simulated fleet', () => {
  const fixture = useAppAndBrowser();
  let fleet: Fleet | undefined;
  afterAll(async () => {
    await fleet?.close();
  });

  it(
    'prints with Make video, plays the video, makes it public, downloads and deletes it',
    { timeout: 180_000 },
    async () => {
      const admin = await createAdmin(fixture.app, 'timelapse@example.com');
      const key = await createDeviceKey(fixture.app, admin);
      await callApi(fixture.app, '/printers/', {
        token: admin.access,
        body: { group: admin.workspaceId, name: 'Klipper 1', token: key },
      });
      // A 20-second print (nothing to heat) in real time; a frame every half second.
      fleet = await startSimulatedFleet({
        server: fixture.app.url,
        counts: { moonraker: 1 },
        keys: [key],
        speed: 1,
        agentTuning: { timelapseIntervalMs: 500 },
      });
      const gcode = await uploadGcode(
        fixture.app,
        admin,
        'benchy.gcode',
        buildPrusaGcode({ printSeconds: 20, filamentType: 'PETG' }),
      );

      const page = await fixture.openPage();
      await openAs(page, fixture.app, admin, '/printers');
      await expectState(printerCard(page, 'Klipper 1'), 'READY_TO_PRINT', 30_000);
      await openAs(page, fixture.app, admin, `/gcodes/${gcode.id}`);
      await page.locator('main').getByRole('button', { name: 'Print', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('checkbox', { name: 'Klipper 1', exact: true }).check();
      await dialog.getByRole('checkbox', { name: 'Make video' }).check();
      await dialog.getByRole('button', { name: 'Start print' }).click();
      await expect.poll(() => page.getByRole('dialog').count(), { timeout: 30_000 }).toBe(0);

      // The job's video is made once the print is done.
      await expect
        .poll(
          async () => {
            const jobs = await callApi<{
              results: Array<{ make_video: boolean; video_state: string | null }>;
            }>(fixture.app, `/groups/${admin.workspaceId}/print-jobs/`, { token: admin.access });
            return jobs.results.find((job) => job.make_video)?.video_state;
          },
          { timeout: 90_000, interval: 1000 },
        )
        .toBe('READY');

      // The dashboard's latest print jobs link to it.
      await openAs(page, fixture.app, admin, '/');
      await page.getByRole('tab', { name: 'Latest print jobs' }).click();
      await expectVisible(page.getByTestId('print-job-video'));

      // The list: a thumbnail per video.
      await page.getByRole('link', { name: 'Videos' }).first().click();
      await expectPath(page, '/timelapse-videos');
      const card = page.getByTestId('video-card').first();
      await expectVisible(card);
      const thumbnail = card.getByTestId('video-thumbnail');
      await expect
        .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);

      // The video page plays, with its strip of 20 frames.
      await card.getByRole('link').first().click();
      await expectVisible(page.getByTestId('video-player'));
      const strip = page.getByTestId('video-strip');
      await expect
        .poll(() => strip.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(20 * 160);
      await expectVisible(page.getByTestId('video-printer').getByText('Klipper 1'));
      await expectVisible(page.getByTestId('video-file').getByText('benchy.gcode'));
      const player = page.getByTestId('video-player');
      await expect
        .poll(() => player.evaluate((video: HTMLVideoElement) => video.readyState), {
          timeout: 20_000,
        })
        .toBeGreaterThanOrEqual(2);
      await player.evaluate((video: HTMLVideoElement) => {
        video.muted = true;
        return video.play();
      });
      await expect
        .poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime), {
          timeout: 20_000,
        })
        .toBeGreaterThan(0.5);
      // seeking asks the server for a range of the MP4
      await player.evaluate((video: HTMLVideoElement) => {
        video.currentTime = 20;
      });
      await expect
        .poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime))
        .toBeGreaterThanOrEqual(20);

      // Public: asks first; private again without asking.
      const publicSwitch = page.getByRole('switch', { name: 'Public video' });
      await publicSwitch.click();
      await page.getByRole('dialog').getByRole('button', { name: 'Make public' }).click();
      await expect.poll(() => publicSwitch.isChecked()).toBe(true);
      const videoId = Number(new URL(page.url()).pathname.split('/').pop());
      const anonymous = await fetch(
        `${fixture.app.url}/api/print-job-videos/download/${videoId}/photo/`,
      );
      expect(anonymous.status).toBe(200);
      await publicSwitch.click();
      await expect.poll(() => publicSwitch.isChecked()).toBe(false);

      // Download: an MP4 attachment.
      const download = page.waitForEvent('download');
      await page.getByTestId('video-download').click();
      expect((await download).suggestedFilename()).toBe('benchy.mp4');

      // Delete: asks, then the list is empty.
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await expectPath(page, '/timelapse-videos');
      await expectVisible(page.getByTestId('videos-empty'));
    },
  );
});
