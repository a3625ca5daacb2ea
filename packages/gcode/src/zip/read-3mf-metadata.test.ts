import { describe, expect, it } from 'vitest';
import { GcodeParseError } from '../gcode-parse-error.js';
import { parse3mfMetadata } from '../read-gcode-metadata.js';
import { BAMBU_STUDIO } from '../../test-support/sample-files.js';
import { PNG_1X1 } from '../../test-support/tiny-images.js';
import { buildDeflatedFiller, buildZip } from '../../test-support/zip-writer.js';

const MiB = 1024 * 1024;
const plate = (n: number, text = BAMBU_STUDIO) => ({
  name: `Metadata/plate_${n}.gcode`,
  data: Buffer.from(text),
});

async function refusal(bytes: Buffer, options?: Parameters<typeof parse3mfMetadata>[1]) {
  const error = await parse3mfMetadata(bytes, options).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(GcodeParseError);
  return (error as GcodeParseError).code;
}

describe('reading a .gcode.3mf', () => {
  it("reads the plates, the first plate's G-code metadata and its preview", async () => {
    const archive = buildZip([
      { name: '3D/3dmodel.model', data: Buffer.from('<model/>') },
      plate(2),
      plate(1),
      { name: 'Metadata/plate_1.png', data: PNG_1X1, stored: true },
    ]);
    const metadata = await parse3mfMetadata(archive);
    expect(metadata).toMatchObject({
      format: 'gcode.3mf',
      plates: [1, 2],
      slicer: 'BambuStudio',
      printing_time_sec: 883,
      filament_type: 'PLA',
      filament_used_g: 1.8,
    });
    expect(metadata.thumbnails).toMatchObject([{ width: 1, height: 1, format: 'png' }]);
  });

  it('reads the printer model and each filament (grams, metres) from slice_info.config', async () => {
    const sliceInfo =
      '<config><header><header_item key="X-BBL-Client-Version" value="02.04.00.70"/></header>' +
      '<plate><metadata key="index" value="1"/><metadata key="printer_model_id" value="C12"/>' +
      '<filament id="3" type="PETG" color="#FF0000" used_m="1.20" used_g="3.5"/>' +
      '<filament id="1" tray_info_idx="GFA00" type="PLA" color="#00AE42" used_m="5.31" used_g="16.09"/>' +
      '</plate><plate><metadata key="index" value="2"/><metadata key="printer_model_id" value="C12"/>' +
      '<filament id="2" type="ABS" color="#000000" used_m="9" used_g="20"/></plate></config>';
    const archive = buildZip([
      plate(1, '; BambuStudio 02.04.00.70\nG28\n'),
      { name: 'Metadata/slice_info.config', data: Buffer.from(sliceInfo) },
    ]);
    const metadata = await parse3mfMetadata(archive);
    expect(metadata.printer_model_id).toBe('C12');
    expect(metadata.filaments).toEqual([
      { id: 1, type: 'PLA', color: '#00AE42', used_g: 16.09, used_m: 5.31 },
      { id: 3, type: 'PETG', color: '#FF0000', used_g: 3.5, used_m: 1.2 },
    ]);
    expect(metadata.filament_used_g_per_tool).toEqual([16.09, 0, 3.5]);
  });

  it('a 3MF without slice_info.config has no model and no filament list', async () => {
    const metadata = await parse3mfMetadata(buildZip([plate(1)]));
    expect(metadata).toMatchObject({ printer_model_id: null, filaments: [] });
  });

  it('keeps the head and tail of a plate larger than the windows, as for a .gcode', async () => {
    const middle = ';\n'.repeat(2 * MiB);
    const metadata = await parse3mfMetadata(buildZip([plate(1, BAMBU_STUDIO + middle + 'M84\n')]));
    expect(metadata.printing_time_sec).toBe(883);
  });

  it('a zip bomb stops at the inflate budget, counted as the bytes come out (issue 23)', async () => {
    // 64 MiB of comment lines in 66 KB; the directory says 1 KiB
    const bomb = { ...buildDeflatedFiller(64 * MiB), size: 1024 };
    const archive = buildZip([
      { name: 'Metadata/plate_1.gcode', data: Buffer.alloc(0), deflated: bomb },
    ]);
    expect(archive.length).toBeLessThan(100_000);
    expect(await refusal(archive, { zipLimits: { maxEntryBytes: 8 * MiB } })).toBe(
      'limit_exceeded',
    );
  });

  it('the budget is per archive too: two plates may not add up past it', async () => {
    const half = buildDeflatedFiller(3 * MiB);
    const archive = buildZip([
      { name: 'Metadata/plate_1.gcode', data: Buffer.alloc(0), deflated: half },
      { name: 'Metadata/plate_1.png', data: Buffer.alloc(0), deflated: half },
    ]);
    const zipLimits = { maxEntryBytes: 8 * MiB, maxTotalBytes: 5 * MiB };
    // the preview over its own budget is skipped, not a refusal
    await expect(parse3mfMetadata(archive, { zipLimits })).resolves.toMatchObject({
      thumbnails: [],
    });
    expect(await refusal(archive, { zipLimits: { ...zipLimits, maxTotalBytes: 2 * MiB } })).toBe(
      'limit_exceeded',
    );
  });

  it('refuses an archive of too many entries before reading any', async () => {
    const files = Array.from({ length: 5_000 }, (_, i) => ({
      name: `x/${i}`,
      data: Buffer.alloc(0),
      stored: true,
    }));
    expect(await refusal(buildZip([plate(1), ...files]))).toBe('limit_exceeded');
  });

  it('refuses what is not a sliced 3MF: no plate, not a zip, a truncated entry', async () => {
    expect(await refusal(buildZip([{ name: '3D/3dmodel.model', data: Buffer.from('x') }]))).toBe(
      'zip_bad_archive',
    );
    expect(await refusal(Buffer.from('G28\nG1 X1\n'))).toBe('zip_bad_archive');
    const archive = buildZip([plate(1)]);
    const cut = Buffer.concat([archive.subarray(0, 40), archive.subarray(archive.length - 120)]);
    expect(await refusal(cut)).toBe('zip_bad_archive');
  });
});
