import { createSocket } from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useAppAndBrowser } from './support/fixture.js';
import { buildPrusaGcode, uploadGcode } from './support/files-world.js';
import { expectSettingsPrinter, expectState, printerCard } from './support/printers-ui.js';
import { callApi, createAdmin, openAs } from './support/printers-world.js';
import { expectPath, expectVisible } from './support/ui.js';

/**
 * LAN mode for Bambu Lab and PrusaLink (issue 25) in the browser: each added from the form
 * against its simulator (the Bambu found on the network by its announcement, a wrong access
 * code refused on the form first), then a library file printed on each, a .gcode.3mf's second
 * plate on the Bambu printer.
 */

interface Simulated {
  printer: unknown;
  close(): Promise<void>;
}
interface Bambu extends Simulated {
  host: string;
  serial: string;
  mqttPort: number;
  ftpsPort: number;
  cameraPort: number;
  requests: Array<Record<string, unknown>>;
}
interface PrusaLink extends Simulated {
  url: string;
}
const SIMULATOR_MODULE: string = '@printdeck/simulator';
/** loaded at run time: a static import would pull the server's sources into the e2e project */
const SERVER_FILES_MODULE: string = '../apps/server/test-support/files.js';
const ACCESS_CODE = '31415926';
const PASSWORD = 'Tr7bQ2xZ';
const SIMULATED = { speed: 10, tickMs: 50, printer: { homingSeconds: 0 } };

let bambu: Bambu;
let prusa: PrusaLink;
let discoveryPort: number;

async function freeUdpPort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

describe('LAN mode: a Bambu Lab and a PrusaLink printer added and printing', () => {
  // the simulators first: the server is told the Bambu ports (LAN_BAMBU_PORTS) when it starts
  beforeAll(async () => {
    const simulator = (await import(/* @vite-ignore */ SIMULATOR_MODULE)) as {
      startVirtualBambu(options: object): Promise<Bambu>;
      startVirtualPrusaLink(options: object): Promise<PrusaLink>;
    };
    discoveryPort = await freeUdpPort();
    bambu = await simulator.startVirtualBambu({
      ...SIMULATED,
      announce: { port: discoveryPort, intervalMs: 500 },
      pushIntervalMs: 100,
      prepareSeconds: 1,
      accessCode: ACCESS_CODE,
    });
    prusa = await simulator.startVirtualPrusaLink({ ...SIMULATED, password: PASSWORD });
  });
  afterAll(async () => {
    await bambu?.close();
    await prusa?.close();
  });
  const fixture = useAppAndBrowser({
    env: () => ({
      LAN_PRINTER_NETWORKS: '127.0.0.0/8',
      LAN_BAMBU_PORTS: `${bambu.mqttPort},${bambu.ftpsPort},${bambu.cameraPort}`,
      LAN_BAMBU_DISCOVERY_PORT: String(discoveryPort),
    }),
  });

  async function openLanForm(page: Page, name: string, kind: string) {
    await page.getByRole('button', { name: 'Add printer' }).click();
    await page.getByRole('link', { name: /A printer on this network/ }).click();
    await page.waitForURL(/\/settings\/printers\/\d+\/create-lan$/);
    await expectVisible(page.getByLabel('Printer name'));
    await page.getByLabel('Printer name').fill(name);
    await page.getByText(kind, { exact: true }).click();
  }

  /** From the file's page: the print dialog, the printer chosen, the plate when asked. */
  async function printFrom(page: Page, fileId: number, printer: string, plate?: string) {
    await page.goto(`${fixture.app.url}/gcodes/${fileId}`);
    await page.locator('main').getByRole('button', { name: 'Print', exact: true }).click();
    const dialog = page.getByRole('dialog');
    if (plate) {
      await dialog.getByTestId('print-dialog-plate').click();
      await page.getByRole('option', { name: plate }).click();
    }
    await dialog.getByRole('checkbox', { name: printer, exact: true }).check();
    await dialog.getByRole('button', { name: 'Start print' }).click();
    await expect.poll(() => dialog.isVisible(), { timeout: 30_000 }).toBe(false);
  }

  it('adds both from the form and prints a library file on each', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'lan-mixed@example.com');
    const page = await fixture.openPage();
    await openAs(page, app, admin, '/settings/printers');

    // Bambu Lab: where to find each credential is said; a wrong access code stays on the form
    await openLanForm(page, 'P1S on the LAN', 'Bambu Lab');
    await expectVisible(page.getByText(/Settings → Device the serial number/));
    // found on the network: its address and serial filled in, only the access code typed
    const discovery = page.getByTestId('bambu-discovery');
    await discovery.getByRole('button', { name: 'Find printers on my network' }).click();
    await expectVisible(discovery.getByText(`Bambu Lab P1S · ${bambu.serial} · ${bambu.host}`));
    await discovery.getByRole('button', { name: 'Use Virtual Bambu Lab P1S' }).click();
    expect(await page.getByLabel("The printer's IP address").inputValue()).toBe(bambu.host);
    expect(await page.getByLabel('Serial number').inputValue()).toBe(bambu.serial);
    await page.getByLabel('Access code').fill('00000000');
    await page.getByRole('button', { name: 'Add printer' }).click();
    await expectVisible(page.getByText(/The printer refused the access code/));
    await page.getByLabel('Access code').fill(ACCESS_CODE);
    await page.getByRole('button', { name: 'Add printer' }).click();
    await expectSettingsPrinter(page, 'P1S on the LAN');

    // PrusaLink: the password from the printer's screen
    await openLanForm(page, 'MK4 on the LAN', 'Prusa (PrusaLink)');
    await expectVisible(page.getByText(/Settings → Network → PrusaLink the user/));
    await page.getByLabel("PrusaLink's address").fill(prusa.url);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Add printer' }).click();
    await expectPath(page, '/settings/printers');

    await page.goto(`${app.url}/printers`);
    await expectState(printerCard(page, 'P1S on the LAN'), 'READY_TO_PRINT', 30_000);
    await expectState(printerCard(page, 'MK4 on the LAN'), 'READY_TO_PRINT', 30_000);

    const { buildGcode3mf } = (await import(/* @vite-ignore */ SERVER_FILES_MODULE)) as {
      buildGcode3mf(plates: number[]): Buffer;
    };
    const project = await uploadGcode(app, admin, 'two-plates.gcode.3mf', buildGcode3mf([1, 2]));
    await printFrom(page, project.id, 'P1S on the LAN', 'Plate 2');
    // the dialog closes once the job is made; the file then goes by FTPS, then project_file
    const projectFile = () =>
      bambu.requests.find(
        (request) =>
          (request.print as { command?: string } | undefined)?.command === 'project_file',
      );
    await expect.poll(projectFile, { timeout: 30_000 }).toBeDefined();
    expect(projectFile()).toMatchObject({
      print: { command: 'project_file', param: 'Metadata/plate_2.gcode' },
    });
    // an hour's print (six minutes at the simulators' speed): still printing when looked at
    const gcode = await uploadGcode(
      app,
      admin,
      'gear.gcode',
      buildPrusaGcode({ printSeconds: 3600 }),
    );
    await printFrom(page, gcode.id, 'MK4 on the LAN');

    // the Bambu plate is a short print: its job runs to its end, done; the hour's print runs
    const printers = await callApi<Array<{ id: number; name: string }>>(
      app,
      `/groups/${admin.workspaceId}/printers/`,
      { token: admin.access },
    );
    const idOf = (name: string) => printers.find((p) => p.name === name)!.id;
    const outcomes = async (name: string) =>
      (
        await callApi<{ results: Array<{ outcome: string }> }>(
          app,
          `/groups/${admin.workspaceId}/print-jobs/?printer_id=${idOf(name)}`,
          { token: admin.access },
        )
      ).results.map((job) => job.outcome);
    await expect.poll(() => outcomes('P1S on the LAN'), { timeout: 60_000 }).toEqual(['done']);
    await page.goto(`${app.url}/printers`);
    await expectState(printerCard(page, 'MK4 on the LAN'), 'PRINTING', 30_000);
    expect(await outcomes('MK4 on the LAN')).toEqual(['printing']);
    await expectState(printerCard(page, 'P1S on the LAN'), 'READY_TO_PRINT');
  }, 180_000);
});
