import { describe, expect, it } from 'vitest';
import { createIdeamakerReader } from './ideamaker.reader.js';

const read = (...lines: string[]) => {
  const reader = createIdeamakerReader();
  for (const line of lines) reader.readLine(line);
  return reader.finish();
};

describe('ideaMaker numbered keys on adversarial lines (checklist C25)', () => {
  it('reads a value after 50,000 spaces', () => {
    expect(
      read(
        `;Material#1 Used:${' '.repeat(50_000)}239.3`,
        `;Filament Type #1:${' '.repeat(50_000)}PLA`,
      ),
    ).toMatchObject({ lengthsMm: [239.3], types: ['PLA'] });
  });

  it('ignores a value of 50,000 spaces ending in a line break', () => {
    const fields = read(`;Material#1 Used:${' '.repeat(50_000)}9\r`);
    expect(fields.lengthsMm).toBeUndefined();
  });
});
