import { describe, expect, it } from 'vitest';
import { getMaintenanceFormValues, toMaintenanceBody } from './maintenance-form';

describe('the maintenance task form', () => {
  it('sends empty intervals as none and a decimal comma as a number', () => {
    expect(
      toMaintenanceBody({
        name: 'Lubricate rods',
        interval_hours: '200,5',
        interval_prints: '',
        interval_days: ' 30 ',
      }),
    ).toEqual({
      name: 'Lubricate rods',
      interval_hours: 200.5,
      interval_prints: null,
      interval_days: 30,
    });
  });

  it('starts empty for a new task', () => {
    expect(getMaintenanceFormValues()).toEqual({
      name: '',
      interval_hours: '',
      interval_prints: '',
      interval_days: '',
    });
  });
});
