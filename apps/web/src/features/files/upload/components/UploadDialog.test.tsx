import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildGcode } from '../../../../../test-support/api-fixtures';
import {
  startFakeApiServer,
  type FakeApiServer,
} from '../../../../../test-support/fake-api-server';
import { renderInApp } from '../../../../../test-support/render-in-app';
import { UploadDialog } from './UploadDialog';

// a first render of Mantine under jsdom takes seconds on a busy machine
vi.setConfig({ testTimeout: 30_000 });

const NOT_GCODE = 'The file is neither text G-code nor binary G-code (.bgcode).';

let api: FakeApiServer;
beforeAll(async () => {
  api = await startFakeApiServer();
});
afterAll(() => api.close());

/** Uploads answer 201 with the stored G-code, or 400 for a file named `refused.gcode`. */
function answerApi() {
  api.answerWith(({ method, url, body }) => {
    if (method !== 'POST' || url !== '/api/groups/1/files/') return undefined;
    const name = /filename="([^"]+)"/.exec(body)?.[1] ?? '';
    if (name === 'refused.gcode') {
      return {
        status: 400,
        body: {
          code: 'validation_error',
          message: `Validation error: file - ${NOT_GCODE}`,
          details: { file: [NOT_GCODE] },
        },
      };
    }
    return { status: 201, body: buildGcode({ name }) };
  });
}

const gcodeFile = (name: string, bytes = 4096) =>
  new File([`; G-code\n${'G1 X1 Y1\n'.repeat(bytes / 9)}`], name, { type: 'text/plain' });

const uploads = () =>
  api.calls
    .filter((call) => call.method === 'POST')
    .map((call) => ({
      url: call.url,
      isMultipart: call.contentType?.startsWith('multipart/form-data') ?? false,
      name: /filename="([^"]+)"/.exec(call.body)?.[1],
    }));

function openDialog() {
  const onFinished = vi.fn();
  const onClose = vi.fn();
  renderInApp(<UploadDialog workspaceId={1} onFinished={onFinished} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Upload G-codes' });
  return { dialog, onFinished, onClose };
}

const itemState = (dialog: HTMLElement, name: string) =>
  within(dialog)
    .getAllByTestId('upload-item')
    .find((item) => within(item).queryByText(name))?.textContent;

describe('the upload dialog', () => {
  it('lists the chosen files, leaves out the tiny one with the reason, and uploads the rest one by one', async () => {
    answerApi();
    const user = userEvent.setup();
    const { dialog, onFinished } = openDialog();
    const save = within(dialog).getByRole('button', { name: 'Upload' });
    await user.click(save);
    expect(within(dialog).getByText('G-code not selected or invalid.')).toBeTruthy();
    await user.upload(within(dialog).getByTestId('upload-input'), [
      gcodeFile('benchy.gcode'),
      gcodeFile('bracket.gcode'),
      new File(['G28\n'], 'tiny.gcode'),
    ]);
    expect(within(dialog).getByRole('status').textContent).toContain(
      'tiny.gcode: files of 1000 bytes or less are ignored.',
    );
    expect(within(dialog).getAllByTestId('upload-item')).toHaveLength(2);
    expect(itemState(dialog, 'benchy.gcode')).toContain('Waiting');

    await user.click(save);
    await waitFor(() => expect(onFinished).toHaveBeenCalledWith(true));
    expect(uploads()).toEqual([
      { url: '/api/groups/1/files/', isMultipart: true, name: 'benchy.gcode' },
      { url: '/api/groups/1/files/', isMultipart: true, name: 'bracket.gcode' },
    ]);
    expect(itemState(dialog, 'benchy.gcode')).toContain('Uploaded');
    expect(itemState(dialog, 'bracket.gcode')).toContain('Uploaded');
    expect(within(dialog).getByTestId('upload-progress').textContent).toMatch(/^100 % · /);
  });

  it('shows why the server refused a file and still uploads the others', async () => {
    answerApi();
    const user = userEvent.setup();
    const { dialog, onFinished } = openDialog();
    await user.upload(within(dialog).getByTestId('upload-input'), [
      gcodeFile('refused.gcode'),
      gcodeFile('good.gcode'),
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(onFinished).toHaveBeenCalledWith(false));
    expect(uploads().map((upload) => upload.name)).toEqual(['refused.gcode', 'good.gcode']);
    expect(itemState(dialog, 'refused.gcode')).toContain('Error');
    expect(itemState(dialog, 'refused.gcode')).toContain(NOT_GCODE);
    expect(itemState(dialog, 'good.gcode')).toContain('Uploaded');
  });

  it('removes a file from the list before the upload, and cancels without a run', async () => {
    answerApi();
    const user = userEvent.setup();
    const { dialog, onClose, onFinished } = openDialog();
    await user.upload(within(dialog).getByTestId('upload-input'), [
      gcodeFile('keep.gcode'),
      gcodeFile('drop.gcode'),
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove drop.gcode' }));
    expect(within(dialog).getAllByTestId('upload-item')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onFinished).not.toHaveBeenCalled();
    expect(uploads()).toEqual([]);
  });
});
