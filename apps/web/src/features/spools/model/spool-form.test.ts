import { describe, expect, it } from 'vitest';
import { getSpoolFormValues, toSpoolBody } from './spool-form';

describe('the spool form', () => {
  it('sends a new spool with its quantity and leaves an empty remaining weight out', () => {
    const values = { ...getSpoolFormValues(), material: 'PETG' as const, quantity: '10' };
    expect(toSpoolBody(values, true)).toMatchObject({
      material: 'PETG',
      initial_weight_g: 1000,
      quantity: 10,
      cost_per_kg: null,
      low_threshold_g: 100,
    });
    expect(toSpoolBody(values, true).remaining_weight_g).toBeUndefined();
  });

  it('sends an edit without a quantity', () => {
    expect(toSpoolBody(getSpoolFormValues(), false)).not.toHaveProperty('quantity');
  });
});
