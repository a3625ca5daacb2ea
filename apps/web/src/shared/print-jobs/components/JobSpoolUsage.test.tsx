import type { PrintJob } from '@printdeck/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../test-support/render-in-app';
import { JobSpoolUsage } from './JobSpoolUsage';

// a first render of Mantine under jsdom takes seconds on a busy machine
vi.setConfig({ testTimeout: 30_000 });

const usage: PrintJob['spool_usage'] = [
  {
    spool_id: 4,
    tool: 0,
    grams: 12.5,
    material: 'PETG',
    color_name: 'Black',
    color_hex: '#111111',
    brand: 'Prusament',
  },
  {
    spool_id: 9,
    tool: 1,
    grams: 3.25,
    material: 'PLA',
    color_name: 'White',
    color_hex: '#ffffff',
    brand: 'Prusament',
  },
];

describe('the grams a job took from each spool', () => {
  it('lists each spool with its grams in English', () => {
    renderInApp(<JobSpoolUsage usage={usage} />);
    const used = screen.getAllByTestId('print-job-spool-used').map((node) => node.textContent);
    expect(used).toEqual(['PETG · Black 12.5 g', 'PLA · White 3.3 g']);
    expect(screen.getByLabelText('Filament taken from spools')).toBeTruthy();
  });

  it('in Czech, with a decimal comma', () => {
    renderInApp(<JobSpoolUsage usage={usage} />, { language: 'cs' });
    expect(screen.getAllByTestId('print-job-spool-used')[0]!.textContent).toBe(
      'PETG · Black 12,5 g',
    );
    expect(screen.getByLabelText('Filament odebraný z cívek')).toBeTruthy();
  });

  it('shows nothing for a job that took from no spool', () => {
    renderInApp(<JobSpoolUsage usage={[]} />);
    expect(screen.queryByTestId('print-job-spool-usage')).toBeNull();
  });
});
