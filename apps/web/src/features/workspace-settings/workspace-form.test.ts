import { describe, expect, it } from 'vitest';
import {
  toWorkspaceUpdate,
  validateWorkspaceForm,
  type WorkspaceFormValues,
} from './workspace-form';

const values = (patch: Partial<WorkspaceFormValues> = {}): WorkspaceFormValues => ({
  name: 'Lab',
  description: '',
  websiteUrl: '',
  isPublic: false,
  isPrintQueueEnabled: false,
  isQueueDispatchEnabled: false,
  staggerMaxHeating: null,
  staggerIntervalS: null,
  energyPriceKwh: null,
  machineHourRate: null,
  currency: '',
  ...patch,
});

describe('workspace form', () => {
  it('accepts a name and an empty URL', () => {
    expect(validateWorkspaceForm(values())).toEqual({});
  });

  it('refuses a bad name, a long description and a bad URL', () => {
    expect(
      validateWorkspaceForm(
        values({ name: ' ', description: 'x'.repeat(30001), websiteUrl: 'nope' }),
      ),
    ).toEqual({ name: 'invalid', description: 'invalid', websiteUrl: 'invalid' });
    expect(validateWorkspaceForm(values({ name: 'x'.repeat(31) })).name).toBe('invalid');
    expect(
      validateWorkspaceForm(values({ websiteUrl: 'https://a.io' })).websiteUrl,
    ).toBeUndefined();
  });

  it('sends the staggered-start limits, empty as null (no limit)', () => {
    expect(toWorkspaceUpdate(values({ staggerMaxHeating: 4 })).settings).toMatchObject({
      stagger_max_heating: 4,
      stagger_interval_s: null,
      energy_price_kwh: null,
      machine_hour_rate: null,
      currency: null,
    });
  });

  it('clears the URL when it is empty', () => {
    expect(toWorkspaceUpdate(values({ websiteUrl: '  ' })).public_website_url).toBeNull();
  });
});
