import { describe, expect, it } from 'vitest';
import type { GcodeMetadata } from '../gcode-metadata.types.js';
import { parseGcodeMetadata } from '../read-gcode-metadata.js';
import * as samples from '../../test-support/sample-files.js';
import { MOVES, lines } from '../../test-support/sample-files.js';
import { PNG_1X1_BASE64, toThumbnailLines } from '../../test-support/tiny-images.js';

const read = (text: string) => parseGcodeMetadata(Buffer.from(text));

type Expected = Partial<Omit<GcodeMetadata, 'thumbnails'>> & { thumbnails?: number };

async function expectMetadata(text: string, expected: Expected): Promise<void> {
  const { thumbnails, ...metadata } = await read(text);
  const { thumbnails: thumbnailCount, ...fields } = expected;
  expect(metadata).toMatchObject(fields);
  if (thumbnailCount !== undefined) expect(thumbnails).toHaveLength(thumbnailCount);
}

/** The expectations the reference states for its sample files (§9). */
describe('sample files of each slicer', () => {
  it.each<[string, string, Expected]>([
    [
      'PrusaSlicer 2.8.1 (QOI thumbnail)',
      samples.PRUSASLICER_281,
      {
        slicer: 'PrusaSlicer',
        slicer_version: '2.8.1',
        printing_time_sec: 221,
        layer_height_mm: 0.2,
        filament_used_mm: 252.22,
        filament_used_g: 0.75,
        filament_used_g_source: 'slicer',
        nozzle_diameter_mm: 0.4,
        filament_type: 'PLA',
        thumbnails: 1,
      },
    ],
    [
      'PrusaSlicer 2.6.0 (PNG thumbnail)',
      samples.PRUSASLICER_260,
      {
        printing_time_sec: 1926,
        filament_used_mm: 986.61,
        filament_used_g: 3.01,
        filament_type: 'PETG',
        layer_height_mm: 0.15,
        thumbnails: 1,
      },
    ],
    [
      'PrusaSlicer 2.1.1 (no config markers)',
      samples.PRUSASLICER_211,
      {
        slicer_version: '2.1.1+win64',
        printing_time_sec: 3941,
        filament_used_mm: 1833.4,
        filament_used_g: 5.6,
        layer_height_mm: 0.2,
      },
    ],
    ['PrusaSlicer 2.4.1 (JPG thumbnail)', samples.PRUSASLICER_241_JPG, { thumbnails: 1 }],
    [
      'SuperSlicer',
      samples.SUPERSLICER,
      { slicer: 'SuperSlicer', printing_time_sec: 2100, filament_type: 'ABS' },
    ],
    [
      'OrcaSlicer, non-BBL printer',
      samples.ORCA_NON_BBL,
      {
        slicer: 'OrcaSlicer',
        slicer_version: '2.2.0',
        printing_time_sec: 3720,
        layer_height_mm: 0.2,
        filament_used_mm: 9500,
        filament_used_g: 28.4,
        nozzle_diameter_mm: 0.4,
        filament_type: 'PETG',
        thumbnails: 1,
      },
    ],
    [
      'OrcaSlicer, BBL printer (total estimated time, config at the head)',
      samples.ORCA_BBL,
      {
        printing_time_sec: 4207,
        layer_height_mm: 0.16,
        filament_used_mm: 2345.67,
        filament_used_g: 7,
        filament_type: 'PLA',
      },
    ],
    [
      'Bambu Studio 02.08.02.61',
      samples.BAMBU_STUDIO,
      {
        slicer: 'BambuStudio',
        slicer_version: '02.08.02.61',
        printing_time_sec: 883,
        filament_used_mm: 603.53,
        filament_used_g: 1.8,
        layer_height_mm: 0.2,
        nozzle_diameter_mm: 0.4,
        filament_type: 'PLA',
      },
    ],
    [
      'Bambu Studio, filaments 1 and 3 of three',
      samples.BAMBU_MULTI_FILAMENT,
      {
        printing_time_sec: 19_800,
        filament_used_mm: 37_500.62,
        filament_used_g: 114.66,
        filament_type: 'PLA',
        filament_type_raw: 'PLA;ABS',
        nozzle_diameter_mm: 0.6,
      },
    ],
    [
      'Cura 5 Marlin (grams computed from length)',
      samples.CURA_5_MARLIN,
      {
        slicer: 'Cura',
        slicer_version: '5.13.0',
        printing_time_sec: 1821,
        filament_used_mm: 1369.01,
        filament_used_g: 4.083,
        filament_used_g_source: 'computed',
        layer_height_mm: 0.2,
        nozzle_diameter_mm: null,
        filament_type: null,
      },
    ],
    [
      'Simplify3D 4.1.2',
      samples.SIMPLIFY3D_412,
      {
        slicer: 'Simplify3D',
        printing_time_sec: 1860,
        filament_used_mm: 4375.5,
        filament_used_g: 13.16,
        layer_height_mm: 0.24,
        nozzle_diameter_mm: 0.5,
        filament_type: 'ABS',
      },
    ],
    [
      'Simplify3D 5 after klipper_estimator',
      samples.SIMPLIFY3D_5,
      {
        printing_time_sec: 3723,
        filament_used_mm: 13_572.2,
        filament_used_g: 40.5,
        nozzle_diameter_mm: 0.4,
      },
    ],
    [
      'ideaMaker 3.6.1 (density in kg/m³, layer height from the second layer)',
      samples.IDEAMAKER_361,
      {
        slicer: 'ideaMaker',
        printing_time_sec: 1004,
        filament_used_mm: 239.3,
        filament_used_g: 0.714,
        filament_used_g_source: 'computed',
        layer_height_mm: 0.1,
        nozzle_diameter_mm: 0.4,
      },
    ],
    [
      'KISSlicer',
      samples.KISSLICER,
      {
        slicer: 'KISSlicer',
        printing_time_sec: 750,
        filament_used_mm: 1234.5,
        layer_height_mm: 0.2,
      },
    ],
    [
      'Kiri:Moto',
      samples.KIRI_MOTO,
      {
        slicer: 'Kiri:Moto',
        printing_time_sec: 1234,
        filament_used_mm: 2345.6,
        layer_height_mm: 0.25,
      },
    ],
    [
      'IceSL',
      samples.ICESL,
      {
        slicer: 'IceSL',
        printing_time_sec: 3600,
        layer_height_mm: 0.2,
        filament_used_mm: 1000,
        filament_used_g: 2.98,
        filament_type: 'PLA',
        nozzle_diameter_mm: 0.4,
      },
    ],
    [
      'Slic3r 1.2.9 (lengths of every extruder)',
      samples.SLIC3R_129,
      {
        slicer: 'Slic3r',
        printing_time_sec: null,
        filament_used_mm: 1516.5,
        layer_height_mm: 0.3,
        nozzle_diameter_mm: 0.5,
      },
    ],
  ])('%s', async (_name, text, expected) => {
    await expectMetadata(text, expected);
  });
});

type Case = [name: string, text: string, expected: Expected];

/** One test per case: the text read gives (at least) the expected fields. */
function itReadsEach(cases: Case[]): void {
  it.each<Case>(cases)('%s', async (_name, text, expected) => {
    await expectMetadata(text, expected);
  });
}

const PRUSA_281 = '; generated by PrusaSlicer 2.8.1 on 2024-10-21 at 06:38:01 UTC';
const CURA_5 = ';Generated with Cura_SteamEngine 5.0.0';

describe('PrusaSlicer family details', () => {
  itReadsEach([
    [
      'the first generated-by line wins (Orca 1.5 wrote a fake SuperSlicer one later)',
      samples.ORCA_NON_BBL.replace(
        '; HEADER_BLOCK_END',
        '; HEADER_BLOCK_END\n; generated by SuperSlicer 2.4 on 2022-01-01 at 10:00:00 UTC',
      ),
      { slicer: 'OrcaSlicer' },
    ],
    [
      'a forked slicer under its own name',
      lines('; generated by ElegooSlicer 1.1.0 on 2025-01-01 at 10:00:00', MOVES),
      { slicer: 'ElegooSlicer', slicer_version: '1.1.0' },
    ],
    [
      'ASCII converted from bgcode: no date, metadata copied to the head, a day in the time',
      lines(
        '; generated by PrusaSlicer 2.6.0',
        '; filament_type = PLA',
        '; estimated printing time (normal mode) = 1d 0h 0m 5s',
      ),
      { slicer_version: '2.6.0', filament_type: 'PLA', printing_time_sec: 86_405 },
    ],
    [
      'the silent-mode time is ignored',
      lines(
        PRUSA_281,
        '; estimated printing time (silent mode) = 9h 0m 0s',
        '; estimated printing time (normal mode) = 3m 41s',
      ),
      { printing_time_sec: 221 },
    ],
    [
      // 1000 mm × 2.4053 mm² × 1.27 g/cm³
      'grams computed from the type when density is 0 and the g lines say 0',
      lines(
        PRUSA_281,
        '; filament used [mm] = 1000',
        '; total filament used [g] = 0.00',
        '; filament_density = 0',
        '; filament_type = PETG',
      ),
      { filament_used_g: 3.055, filament_used_g_source: 'computed' },
    ],
    [
      'the used extruder of a multi-material list, with quoted items',
      lines(
        PRUSA_281,
        '; filament used [mm] = 0, 986.61',
        '; filament_type = "PLA";"PETG"',
        '; nozzle_diameter = 0.4,0.6',
      ),
      {
        filament_type: 'PETG',
        filament_type_raw: 'PETG',
        nozzle_diameter_mm: 0.6,
        filament_used_mm: 986.61,
      },
    ],
    [
      'grams per extruder kept alongside the total (issue 26: consumption per tool)',
      lines(
        PRUSA_281,
        '; filament used [mm] = 0, 986.61, 120',
        '; filament used [g] = 0.00, 3.01, 0.37',
        '; filament_type = PLA;PETG;PLA',
      ),
      { filament_used_g: 3.38, filament_used_g_per_tool: [0, 3.01, 0.37] },
    ],
    [
      'grams per extruder computed like the total when the file has none',
      lines(PRUSA_281, '; filament used [mm] = 1000', '; filament_type = PETG'),
      { filament_used_g: 3.055, filament_used_g_per_tool: [3.055] },
    ],
    [
      'an unknown material is OTHER, keeping its spelling',
      lines('; generated by PrusaSlicer 2.8.1', '; filament_type = PA12-CF'),
      { filament_type: 'OTHER', filament_type_raw: 'PA12-CF' },
    ],
  ]);
});

describe('Cura details', () => {
  const griffinSettings = samples.buildCuraSettingsTrailer({
    global_quality: '[general]\nversion = 4\n\n[values]\nlayer_height = 0.15\n',
    extruder_quality: ['[general]\nversion = 4\n\n[values]\nmachine_nozzle_size = 0.6\n'],
  });

  itReadsEach([
    [';TIME: and never ;TIME_ELAPSED:', samples.CURA_5_MARLIN, { printing_time_sec: 1821 }],
    [
      'a multi-extruder length list in metres',
      lines(';FLAVOR:Marlin', ';Filament used: 0.00829066m, 0m', CURA_5),
      { filament_used_mm: 8.291 },
    ],
    [
      // 1234.5 mm³ / 2.4053 mm² and 1234.5 mm³ × 1.24 g/cm³
      'a volumetric mm³ figure as length and grams',
      lines(';FLAVOR:Marlin', ';Filament used: 1234.5mm3', CURA_5),
      { filament_used_mm: 513.245, filament_used_g: 1.531 },
    ],
    [
      'user start G-code lines for nozzle, type and weight',
      lines(
        ';FLAVOR:Marlin',
        ';Generated with Cura_SteamEngine 5.10.1',
        ';Nozzle diameter = 0.4',
        ';Filament type = PETG',
        ';Filament name = Generic PETG',
        ';Filament weight = [12.5]',
      ),
      {
        nozzle_diameter_mm: 0.4,
        filament_type: 'PETG',
        filament_used_g: 12.5,
        filament_used_g_source: 'slicer',
      },
    ],
    [
      // 52 mm³ over the 6.3794 mm² of 2.85 mm filament; the header's nozzle beats the trailer's
      'a Griffin header with 2.85 mm filament and the SETTING_3 trailer',
      lines(
        samples.CURA_GRIFFIN_HEADER,
        ';LAYER:0',
        'G0 Z0.27',
        ';LAYER:1',
        'G0 Z0.42',
        griffinSettings,
      ),
      {
        slicer: 'Cura',
        slicer_version: 'master',
        printing_time_sec: 34,
        filament_used_mm: 8.151,
        filament_used_g: 0.064,
        nozzle_diameter_mm: 0.4,
        layer_height_mm: 0.15,
      },
    ],
    [
      'the Z step between the first two layers when nothing else gives a layer height',
      lines(
        samples.CURA_GRIFFIN_HEADER,
        ';LAYER:0',
        'G0 F9000 X1 Y1 Z0.27',
        ';LAYER:1',
        'G0 X2 Z0.42',
      ),
      { layer_height_mm: 0.15 },
    ],
    [
      'a broken SETTING_3 trailer is ignored',
      lines(samples.CURA_5_MARLIN, ';SETTING_3 {"global_quality": "[val'),
      { layer_height_mm: 0.2 },
    ],
  ]);
});

describe('ideaMaker details', () => {
  itReadsEach([
    [
      'ideaMaker 5 filament types and a dual-head dimension line',
      lines(
        ';Sliced by ideaMaker 5.0.0, 2024-01-01',
        ';Dimension: 305.000 305.000 605.000 0.400 0.400',
        ';Filament Type #1: PLA',
        ';Filament Name #1: [Raise3D] PLA',
        ';Material#1 Used: 100.0',
      ),
      { filament_type: 'PLA', nozzle_diameter_mm: 0.4 },
    ],
    [
      'absurd extruder numbers are ignored',
      lines(';Sliced by ideaMaker 5.0.0, x', ';Material#99 Used: 100.0', ';Material#1 Used: 5'),
      { filament_used_mm: 5 },
    ],
  ]);
});

describe('files without a known slicer', () => {
  it('takes the time from M73 P0 R (minutes)', async () => {
    await expectMetadata(lines('G28', 'M73 P0 R42', 'M73 P1 R41', MOVES), {
      slicer: null,
      printing_time_sec: 2520,
    });
  });

  it('gives nulls for an empty file and for plain moves', async () => {
    for (const text of ['', lines(MOVES)]) {
      await expectMetadata(text, {
        format: 'gcode',
        slicer: null,
        printing_time_sec: null,
        layer_height_mm: null,
        filament_used_mm: null,
        filament_used_g: null,
        filament_used_g_source: null,
        nozzle_diameter_mm: null,
        filament_type: null,
        thumbnails: 0,
      });
    }
  });

  it('reports implausible values as unknown', async () => {
    const text = lines(
      '; generated by PrusaSlicer 2.8.1',
      '; layer_height = 40',
      '; nozzle_diameter = -0.4',
      '; estimated printing time (normal mode) = 999d 0s',
      '; filament used [mm] = 1e12',
    );
    await expectMetadata(text, {
      layer_height_mm: null,
      nozzle_diameter_mm: null,
      printing_time_sec: null,
      filament_used_mm: null,
    });
  });

  it('strips control characters from names and bounds their length', async () => {
    const text = lines(
      `; generated by Evil\u0007Slicer${'x'.repeat(200)} 1.0`,
      '; filament_type = P\u001bLA',
    );
    const metadata = await read(text);
    expect(metadata.slicer).toMatch(/^EvilSlicerx+$/);
    expect(metadata.slicer?.length).toBe(64);
    expect(metadata.filament_type_raw).toBe('PLA');
  });
});

describe('line endings', () => {
  it('reads CRLF files and a UTF-8 byte order mark the same as LF', async () => {
    const crlf = samples.PRUSASLICER_281.replace(/\n/g, '\r\n');
    const expected = await read(samples.PRUSASLICER_281);
    expect(await read(crlf)).toEqual(expected);
    expect(await read(`\ufeff${crlf}`)).toEqual(expected);
  });

  it('reads a last line without a newline', async () => {
    await expectMetadata('G28\n; generated by PrusaSlicer 2.8.1\n; layer_height = 0.3', {
      layer_height_mm: 0.3,
    });
  });

  it('finds a thumbnail with CRLF endings', async () => {
    const text = lines(toThumbnailLines('thumbnail', '1x1', PNG_1X1_BASE64)).replace(/\n/g, '\r\n');
    await expectMetadata(text, { thumbnails: 1 });
  });
});
