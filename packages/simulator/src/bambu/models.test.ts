import { describe, expect, it } from 'vitest';
import { BAMBU_MODELS, isBambuModelKey, productNameOf, type BambuModelKey } from './models.js';

describe('Bambu models of the simulator', () => {
  it('every model has the product name the printer gives (the slicer code table)', () => {
    const names = (Object.keys(BAMBU_MODELS) as BambuModelKey[]).map(productNameOf);
    expect(names).toEqual([
      'Bambu Lab X1 Carbon',
      'Bambu Lab X1E',
      'Bambu Lab P1P',
      'Bambu Lab P1S',
      'Bambu Lab A1',
      'Bambu Lab A1 mini',
      'Bambu Lab P2S',
      'Bambu Lab H2D',
      'Bambu Lab H2S',
    ]);
  });

  it('takes only the listed models', () => {
    expect(isBambuModelKey('H2D')).toBe(true);
    expect(isBambuModelKey('H2X')).toBe(false);
    expect(isBambuModelKey('toString')).toBe(false);
  });

  it('the H2 comes with LAN Only Liveview off, the X1 with it on; only P1/A1 send JPEGs', () => {
    expect(BAMBU_MODELS.H2D).toMatchObject({
      camera: 'rtsps',
      isLiveviewOnAtFirst: false,
      nozzles: 2,
    });
    expect(BAMBU_MODELS.X1C).toMatchObject({ camera: 'rtsps', isLiveviewOnAtFirst: true });
    expect(BAMBU_MODELS.A1).toMatchObject({ camera: 'jpeg', ams: 'ams-lite' });
    expect(BAMBU_MODELS.P1P.ams).toBe('none');
  });
});
