import { afterEach, describe, expect, it } from 'vitest';
import { setNumberLocale } from '../../../lib/number-locale';
import { describeSlicedFor } from './sliced-for-text';

const pla = { id: 1, type: 'PLA', color: '#00AE42', used_g: 36.4, used_m: 12.31 };

describe('describeSlicedFor', () => {
  afterEach(() => setNumberLocale('en'));

  it('names the model and each filament with metres and grams', () => {
    const slicedFor = { printer_model_id: 'C12', printer_model: 'Bambu Lab P1S', filaments: [pla] };
    expect(describeSlicedFor(slicedFor)).toBe('Bambu Lab P1S · PLA 12.3 m / 36 g');
    setNumberLocale('cs');
    expect(describeSlicedFor(slicedFor)).toBe('Bambu Lab P1S · PLA 12,3 m / 36 g');
  });

  it('shows an unknown code as it is and leaves out what the slicer did not say', () => {
    const petg = { id: 2, type: 'PETG', color: null, used_g: null, used_m: 2 };
    expect(
      describeSlicedFor({ printer_model_id: 'Z9', printer_model: null, filaments: [pla, petg] }),
    ).toBe('Z9 · PLA 12.3 m / 36 g, PETG 2.0 m');
    expect(describeSlicedFor({ printer_model_id: null, printer_model: null, filaments: [] })).toBe(
      null,
    );
    expect(describeSlicedFor(null)).toBe(null);
  });
});
