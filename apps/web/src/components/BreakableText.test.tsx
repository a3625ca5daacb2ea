import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BreakableText } from './BreakableText';

const parts = (text: string) =>
  render(<BreakableText>{text}</BreakableText>).container.innerHTML.split('<wbr>');

describe('BreakableText', () => {
  it('offers a break after the separators of a file name, never inside a word', () => {
    expect(parts('benchy_final-v2.gcode')).toEqual(['benchy_', 'final-', 'v2.', 'gcode']);
  });

  it('breaks an e-mail before its @ and after its dots, keeping every character', () => {
    expect(parts('ada.lovelace@example.cz')).toEqual(['ada.', 'lovelace', '@example.', 'cz']);
    expect(parts('ada.lovelace@example.cz').join('')).toBe('ada.lovelace@example.cz');
  });

  it('keeps a decimal number whole', () => {
    expect(parts('three_0.4n_0.2mm.gcode')).toEqual(['three_', '0.4n_', '0.2mm.', 'gcode']);
  });

  it('leaves a plain word whole', () => {
    expect(parts('Benchy')).toEqual(['Benchy']);
  });
});
