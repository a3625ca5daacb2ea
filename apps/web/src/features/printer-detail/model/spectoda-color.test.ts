import { describe, expect, it } from 'vitest';
import { toSpectodaColor } from './spectoda-color';

describe('Spectoda colour', () => {
  it('gives the hex colour and the brightness from the alpha', () => {
    expect(toSpectodaColor('rgba(255, 136, 0, 0.5)')).toEqual({ hex: '#ff8800', brightness: 50 });
    expect(toSpectodaColor('rgba(0, 0, 0, 0)')).toEqual({ hex: '#000000', brightness: 0 });
    expect(toSpectodaColor('rgb(1, 2, 3)')).toEqual({ hex: '#010203', brightness: 100 });
  });

  it('refuses what is not a colour', () => {
    expect(toSpectodaColor('red')).toBeNull();
    expect(toSpectodaColor('rgba(300, 0, 0, 1)')).toBeNull();
  });
});
