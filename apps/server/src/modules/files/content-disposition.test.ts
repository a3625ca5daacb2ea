import { describe, expect, it } from 'vitest';
import { toAttachmentDisposition } from './content-disposition.js';

describe('toAttachmentDisposition', () => {
  it('keeps a plain name as it is', () => {
    expect(toAttachmentDisposition('benchy.gcode')).toBe(
      `attachment; filename="benchy.gcode"; filename*=UTF-8''benchy.gcode`,
    );
  });

  it('never lets quotes, separators or non-ASCII break out of the header', () => {
    const header = toAttachmentDisposition(`Čáp "x"; y=(1)'.gcode`);
    expect(header).toBe(
      `attachment; filename="__p _x__ y=(1)'.gcode"; filename*=UTF-8''%C4%8C%C3%A1p%20%22x%22%3B%20y%3D%281%29%27.gcode`,
    );
    expect(header).not.toMatch(/[\r\n]/);
  });
});
