import type { Gcode } from '@printdeck/shared';

/** A G-code as the files API answers it. */
export function buildGcode(overrides: Partial<Gcode> = {}): Gcode {
  return {
    id: 7,
    file_id: 7,
    name: 'benchy.gcode',
    note: '',
    size: 123_456,
    sha256: 'a'.repeat(64),
    format: 'gcode',
    is_public: false,
    filament_type: 'PLA',
    filament_color: null,
    uploadedBy: 'ada@example.com',
    uploadedById: 1,
    uploadedOn: '2026-01-02T10:00:00.000Z',
    previewImages: [],
    fileLabels: [],
    printing_time_sec: 3600,
    layer_height_mm: 0.2,
    filament_used_mm: 1000,
    filament_used_g: 3,
    nozzle_diameter_mm: 0.4,
    slicer: 'PrusaSlicer',
    ...overrides,
  };
}

/** A page as the paged list endpoints answer it. */
export const pageOf = <T>(results: T[]) => ({
  results,
  count: results.length,
  count_is_capped: false,
  next: null,
});
