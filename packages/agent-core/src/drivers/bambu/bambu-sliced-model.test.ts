import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeZip } from '@printdeck/simulator';
import { CommandFailed } from '../driver.js';
import { assertSlicedFor, productNameOf, readSlicedPrinterModel } from './bambu-sliced-model.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'printdeck-sliced-model-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const saved = async (name: string, content: Buffer) => {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
};

describe('the model a .gcode.3mf was sliced for', () => {
  it('reads printer_model_id from a deflated slice_info.config', async () => {
    const path = await saved(
      'x1.gcode.3mf',
      writeZip({
        'Metadata/plate_1.gcode': 'G28\n',
        'Metadata/slice_info.config':
          '<config><plate><metadata key="index" value="1"/>' +
          '<metadata key="printer_model_id" value="BL-P001"/></plate></config>',
      }),
    );
    expect(await readSlicedPrinterModel(path)).toBe('BL-P001');
  });

  it('is null without slice_info.config, or for bytes that are no zip', async () => {
    expect(
      await readSlicedPrinterModel(
        await saved('bare.gcode.3mf', writeZip({ 'Metadata/plate_1.gcode': 'G28\n' })),
      ),
    ).toBeNull();
    expect(await readSlicedPrinterModel(await saved('junk.3mf', Buffer.from('G28\n')))).toBeNull();
  });

  it('refuses only a known model that differs; unknown on either side is sent', () => {
    expect(() => assertSlicedFor('a.gcode.3mf', 'C12', 'Bambu Lab A1')).toThrow(CommandFailed);
    expect(() => assertSlicedFor('a.gcode.3mf', 'C12', 'Bambu Lab P1S')).not.toThrow();
    expect(() => assertSlicedFor('a.gcode.3mf', 'Z99', 'Bambu Lab P1S')).not.toThrow();
    expect(() => assertSlicedFor('a.gcode.3mf', 'C12', null)).not.toThrow();
  });

  it('takes product_name from any module of the get_version reply', () => {
    expect(
      productNameOf({ module: [{ name: 'mc' }, { name: 'ota', product_name: ' Bambu Lab X1E ' }] }),
    ).toBe('Bambu Lab X1E');
    expect(productNameOf({ module: [{ name: 'ota' }] })).toBeNull();
    expect(productNameOf(null)).toBeNull();
  });
});
