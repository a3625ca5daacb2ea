import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/fixture.js';
import { uploadGcode } from './support/files-world.js';
import { callApi, createAdmin, openAs } from './support/printers-world.js';
import { expectHeading, expectHidden, expectVisible } from './support/ui.js';

interface Label {
  id: number;
  name: string;
  parent_id: number | null;
}

const labelsNav = (page: Page) => page.getByRole('navigation', { name: 'Labels' });
const rows = (page: Page) => page.getByTestId('gcode-row');
const row = (page: Page, name: string) => rows(page).filter({ hasText: name });

async function readRowNames(page: Page): Promise<string[]> {
  return (await rows(page).getByTestId('gcode-name').allInnerTexts()).sort();
}

async function expectRows(page: Page, names: string[]) {
  await expect.poll(() => readRowNames(page), { timeout: 10_000 }).toEqual([...names].sort());
}

async function expectLabelsOf(page: Page, file: string, labels: string[]) {
  const badges = row(page, file).getByTestId('gcode-label');
  await expect
    .poll(async () => (await badges.allInnerTexts()).sort(), { timeout: 10_000 })
    .toEqual([...labels].sort());
}

async function addLabel(page: Page, name: string, parent?: string) {
  await labelsNav(page).getByRole('button', { name: 'Add label' }).click();
  const dialog = page.getByRole('dialog', { name: 'New label' });
  await dialog.getByLabel('Name').fill(name);
  if (parent) {
    await dialog.getByRole('textbox', { name: 'Parent label' }).click();
    await page.getByRole('option', { name: parent }).click();
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectHidden(dialog);
  await expectVisible(labelsNav(page).getByRole('button', { name, exact: true }));
}

async function assignLabels(page: Page, file: string, labels: string[]) {
  await row(page, file)
    .getByRole('button', { name: `Actions for ${file}` })
    .click();
  await page.getByRole('menuitem', { name: 'Edit labels' }).click();
  const dialog = page.getByRole('dialog', { name: `Labels of ${file}` });
  for (const label of labels) await dialog.getByRole('checkbox', { name: label }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectHidden(dialog);
}

describe('labels and the files list', () => {
  const fixture = useAppAndBrowser();

  it('builds a label tree, assigns labels one by one and in bulk, and filters by label, No label and search', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'librarian@example.com');
    for (const name of ['spur-gear.gcode', 'wall-bracket.gcode', 'vase.gcode', 'hook.gcode']) {
      await uploadGcode(app, admin, name);
    }
    const page = await fixture.openPage();
    await openAs(page, app, admin, '/gcodes');
    await expectHeading(page, 'G-codes');
    await expectRows(page, ['hook.gcode', 'spur-gear.gcode', 'vase.gcode', 'wall-bracket.gcode']);

    // A tree three levels deep, listed in order under All and No label.
    await addLabel(page, 'Parts');
    await addLabel(page, 'Gears', 'Parts');
    await addLabel(page, 'Spur', 'Gears');
    await addLabel(page, 'Art');
    const entries = labelsNav(page).getByTestId('label-entry');
    expect(await entries.allInnerTexts()).toEqual(['Art', 'Parts', 'Gears', 'Spur']);
    const indents = await entries.evaluateAll((elements) =>
      elements.map((element) => getComputedStyle(element.querySelector('button')!).paddingLeft),
    );
    expect(new Set(indents).size).toBe(3);
    expect(indents[0]).toBe(indents[1]);

    // Editing Parts offers neither itself nor what lies below it as its parent.
    await labelsNav(page).getByRole('button', { name: 'Actions for label Parts' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit label' });
    await edit.getByRole('textbox', { name: 'Parent label' }).click();
    // the options of the parent picker (the list's sort select has options of its own)
    const parents = page.getByRole('listbox').getByRole('option');
    expect((await parents.allInnerTexts()).map((text) => text.trim())).toEqual(['Art']);
    await page.keyboard.press('Escape');
    await edit.getByLabel('Name').fill('Mechanical parts');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectHidden(edit);
    await expectVisible(
      labelsNav(page).getByRole('button', { name: 'Mechanical parts', exact: true }),
    );

    // Labels one file at a time, then two files at once in select mode.
    await assignLabels(page, 'spur-gear.gcode', ['Spur']);
    await expectLabelsOf(page, 'spur-gear.gcode', ['Spur']);
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await row(page, 'wall-bracket.gcode').click();
    await row(page, 'vase.gcode').click();
    const bar = page.getByRole('region', { name: 'Selected files' });
    await expectVisible(bar.getByText('2 files selected'));
    await bar.getByRole('button', { name: 'Change labels' }).click();
    const bulk = page.getByRole('dialog', { name: 'Labels of 2 files' });
    await bulk.getByRole('checkbox', { name: 'Mechanical parts' }).check();
    await bulk.getByRole('checkbox', { name: 'Art', exact: true }).check();
    await bulk.getByRole('button', { name: 'Save' }).click();
    await expectHidden(bulk);
    await page.getByRole('button', { name: 'Done' }).click();
    await expectLabelsOf(page, 'vase.gcode', ['Art', 'Mechanical parts']);
    await expectLabelsOf(page, 'wall-bracket.gcode', ['Art', 'Mechanical parts']);

    // A label filter includes the files of its sub-labels.
    await labelsNav(page).getByRole('button', { name: 'Mechanical parts', exact: true }).click();
    await expectRows(page, ['spur-gear.gcode', 'vase.gcode', 'wall-bracket.gcode']);
    const labels = await callApi<Label[]>(app, `/groups/${admin.workspaceId}/file-labels/`, {
      token: admin.access,
    });
    const parts = labels.find((label) => label.name === 'Mechanical parts')!;
    expect(new URL(page.url()).searchParams.get('labels')).toBe(String(parts.id));
    await expectVisible(page.getByText('3 files'));
    await labelsNav(page).getByRole('button', { name: 'Gears', exact: true }).click();
    await expectRows(page, ['spur-gear.gcode']);
    await labelsNav(page).getByRole('button', { name: 'No label', exact: true }).click();
    await expectRows(page, ['hook.gcode']);
    expect(new URL(page.url()).searchParams.get('labels')).toBe('UNCATEGORIZED');
    await page.getByRole('button', { name: 'Remove filter No label' }).click();
    await expectRows(page, ['hook.gcode', 'spur-gear.gcode', 'vase.gcode', 'wall-bracket.gcode']);

    // Search, with its chip; a search without results names the filter.
    await page.getByRole('textbox', { name: 'Search G-codes' }).fill('bracket');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expectRows(page, ['wall-bracket.gcode']);
    expect(new URL(page.url()).searchParams.get('search')).toBe('bracket');
    await labelsNav(page).getByRole('button', { name: 'Art', exact: true }).click();
    await expectRows(page, ['wall-bracket.gcode']);
    await page.getByRole('textbox', { name: 'Search G-codes' }).fill('nothing like it');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expectVisible(page.getByText('No files match Art, “nothing like it”.'));
    // both chips removed before the page renders again, as a quick hand does: the second
    // removal must not put back the first
    const removeSearch = page.getByRole('button', { name: 'Remove filter “nothing like it”' });
    const removeArt = page.getByRole('button', { name: 'Remove filter Art' });
    const buttons = [await removeSearch.elementHandle(), await removeArt.elementHandle()];
    await page.evaluate(
      (both) => both.forEach((button) => (button as HTMLElement).click()),
      buttons,
    );
    await expectRows(page, ['hook.gcode', 'spur-gear.gcode', 'vase.gcode', 'wall-bracket.gcode']);
    expect(new URL(page.url()).search).toBe('');
  });

  it('says "Label assign problem" when the server refuses a label, and deletes files in bulk after asking', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'curator@example.com');
    for (const name of ['one.gcode', 'two.gcode', 'three.gcode'])
      await uploadGcode(app, admin, name);
    const doomed = await callApi<Label>(app, `/groups/${admin.workspaceId}/file-labels/`, {
      token: admin.access,
      body: { name: 'Doomed' },
    });
    const page = await fixture.openPage();
    await openAs(page, app, admin, '/gcodes');
    await expectRows(page, ['one.gcode', 'three.gcode', 'two.gcode']);

    // The label disappears while the dialog is open: the server answers 400.
    await row(page, 'one.gcode').getByRole('button', { name: 'Actions for one.gcode' }).click();
    await page.getByRole('menuitem', { name: 'Edit labels' }).click();
    const dialog = page.getByRole('dialog', { name: 'Labels of one.gcode' });
    await dialog.getByRole('checkbox', { name: 'Doomed' }).check();
    await callApi(app, `/groups/${admin.workspaceId}/file-labels/${doomed.id}/`, {
      token: admin.access,
      method: 'DELETE',
    });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectHidden(dialog);
    const problem = page.getByRole('dialog', { name: 'Label assign problem' });
    await expectVisible(problem.getByText(/Unknown label/));
    await page.reload();

    // Bulk delete, confirmed.
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await row(page, 'one.gcode').click();
    await row(page, 'two.gcode').click();
    await page
      .getByRole('region', { name: 'Selected files' })
      .getByRole('button', { name: 'Delete' })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete 2 files?' });
    await expectVisible(confirm.getByText('2 files will be deleted. This cannot be undone.'));
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectHidden(confirm);
    await expectRows(page, ['three.gcode']);
    await expectVisible(page.getByText('1 file', { exact: true }));
  });

  it('pages through a long list by scrolling and Load more', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'hoarder@example.com');
    for (let i = 1; i <= 45; i += 1) {
      await uploadGcode(app, admin, `part-${String(i).padStart(2, '0')}.gcode`);
    }
    const page = await fixture.openPage();
    await openAs(page, app, admin, '/gcodes');
    await expectVisible(page.getByTestId('gcodes-count').getByText('45 files'));
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(20);
    // Scrolling to the end of the list brings the second page; the end then lies a page below.
    await page.mouse.wheel(0, 20_000);
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(40);
    // Load more, pressed from the keyboard where it stands: a click would first scroll it into
    // view, and scrolling alone loads the page (both may then ask, and the test would not know
    // which one worked).
    const loadMore = page.getByRole('button', { name: 'Load more' });
    await loadMore.evaluate((button: HTMLElement) => button.focus({ preventScroll: true }));
    await page.keyboard.press('Enter');
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(45);
    await expectHidden(loadMore);
    expect(await readRowNames(page)).toEqual(
      Array.from({ length: 45 }, (_, i) => `part-${String(i + 1).padStart(2, '0')}.gcode`),
    );
  });
});
