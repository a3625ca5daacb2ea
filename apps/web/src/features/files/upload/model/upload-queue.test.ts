import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../api/api-error';
import { describeUploadError } from './upload-problem';
import {
  addUploadFiles,
  canSaveUploads,
  getPendingUploads,
  getUploadProgress,
  removeUploadItem,
  updateUploadItem,
  type FileLike,
} from './upload-queue';

const file = (name: string, size = 5000, lastModified = 1): FileLike => ({
  name,
  size,
  lastModified,
});

describe('addUploadFiles', () => {
  it('keeps G-code files and ignores hidden, system, small and oversized ones', () => {
    const { items, ignored } = addUploadFiles(
      [],
      [
        file('gear.gcode'),
        file('.hidden.gcode'),
        file('Thumbs.db'),
        file('desktop.ini'),
        file('.DS_Store'),
        file('tiny.gcode', 1000),
        file('just-enough.gcode', 1001),
        file('huge.gcode', 200 * 1024 * 1024 + 1),
        file('notes.txt'),
      ],
    );
    expect(items.map((item) => item.file.name)).toEqual([
      'gear.gcode',
      'just-enough.gcode',
      'notes.txt',
    ]);
    expect(items.every((item) => item.state === 'waiting')).toBe(true);
    expect(ignored).toEqual([
      { name: '.hidden.gcode', reason: 'hidden' },
      { name: 'Thumbs.db', reason: 'hidden' },
      { name: 'desktop.ini', reason: 'hidden' },
      { name: '.DS_Store', reason: 'hidden' },
      { name: 'tiny.gcode', reason: 'tooSmall' },
      { name: 'huge.gcode', reason: 'tooLarge' },
    ]);
  });

  it('does not add the same file twice', () => {
    const first = addUploadFiles([], [file('a.gcode')]);
    const second = addUploadFiles(first.items, [file('a.gcode'), file('a.gcode', 6000)]);
    expect(second.items).toHaveLength(2);
    expect(second.ignored).toEqual([{ name: 'a.gcode', reason: 'duplicate' }]);
  });
});

describe('progress and states', () => {
  const { items } = addUploadFiles([], [file('a.gcode', 3000), file('b.gcode', 1500)]);
  const [a, b] = items;

  it('counts uploaded files in full and the running one by its bytes sent', () => {
    expect(getUploadProgress(items)).toEqual({ loaded: 0, total: 4500, percent: 0 });
    let next = updateUploadItem(items, a!.key, { state: 'uploaded', loaded: 3000 });
    next = updateUploadItem(next, b!.key, { state: 'uploading', loaded: 750 });
    expect(getUploadProgress(next)).toEqual({ loaded: 3750, total: 4500, percent: 83 });
    expect(getPendingUploads(next)).toEqual([]);
    expect(getUploadProgress([])).toEqual({ loaded: 0, total: 0, percent: 0 });
  });

  it('disables save while a file shows an error or the upload runs', () => {
    const failed = updateUploadItem(items, a!.key, { state: 'error', error: { key: 'notGcode' } });
    expect(canSaveUploads(items, false)).toBe(true);
    expect(canSaveUploads(items, true)).toBe(false);
    expect(canSaveUploads(failed, false)).toBe(false);
    expect(canSaveUploads(removeUploadItem(failed, a!.key), false)).toBe(true);
  });
});

describe('describeUploadError', () => {
  const refused = (status: number, reasons?: string[]) =>
    new ApiError({
      status,
      code: status === 413 ? 'payload_too_large' : 'validation_error',
      message: 'Validation error: file - ...',
      details: reasons ? { file: reasons } : undefined,
      method: 'POST',
      url: '/api/groups/1/files/',
    });

  it('says the known refusals in the user language', () => {
    expect(describeUploadError(refused(400, ['The file must be larger than 1000 bytes.']))).toEqual(
      {
        key: 'tooSmall',
      },
    );
    expect(
      describeUploadError(
        refused(400, ['The file is neither text G-code nor binary G-code (.bgcode).']),
      ),
    ).toEqual({ key: 'notGcode' });
    expect(describeUploadError(refused(413))).toEqual({ key: 'tooLarge' });
  });

  it('keeps the server words for other reasons, and names a lost connection', () => {
    expect(describeUploadError(refused(400, ['The .bgcode file header is not valid.']))).toEqual({
      text: 'The .bgcode file header is not valid.',
    });
    expect(describeUploadError(refused(500))).toEqual({ text: 'Validation error: file - ...' });
    const offline = new ApiError({
      status: null,
      code: 'network_error',
      message: 'x',
      method: 'POST',
      url: '/',
    });
    expect(describeUploadError(offline)).toEqual({ key: 'network' });
  });
});
