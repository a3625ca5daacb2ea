import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { I18N_OPTIONS } from '../../../../test-support/i18n-test-options';
import { describeFilamentNeed } from './filament-need';

async function tIn(lng: 'en' | 'cs') {
  const instance = i18next.createInstance();
  await instance.init({ ...I18N_OPTIONS, lng });
  return instance.t;
}

describe('describeFilamentNeed', () => {
  it('says the material and the colour family, in English and Czech', async () => {
    const en = await tIn('en');
    expect(describeFilamentNeed(en, { material: 'PETG', color_hex: '#111111' })).toBe('PETG black');
    expect(describeFilamentNeed(en, { material: null, color_hex: '#ff0000' })).toBe('red');
    expect(describeFilamentNeed(en, { material: 'TPU', color_hex: null })).toBe('TPU');
    const cs = await tIn('cs');
    expect(describeFilamentNeed(cs, { material: 'PETG', color_hex: '#111111' })).toBe('PETG černá');
  });
});
