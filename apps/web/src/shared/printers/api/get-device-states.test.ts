import { describe, expect, it } from 'vitest';
import { deviceStatesQueryKey, getDeviceStatesQueryOptions } from './get-device-states';
import { printersQueryKey } from './get-printers';

describe('device-state polling', () => {
  it('polls every 2 s, never while the page is hidden, and raises only maintenance and no-internet from a failed poll', () => {
    const options = getDeviceStatesQueryOptions(7);
    expect(options.refetchInterval).toBe(2000);
    expect(options.refetchIntervalInBackground).toBe(false);
    expect(options.meta).toEqual({ errorHandling: 'background' });
  });

  it('keys the lists by workspace, so that a switch loads the new workspace', () => {
    expect(deviceStatesQueryKey(1)).not.toEqual(deviceStatesQueryKey(2));
    expect(printersQueryKey(1)).toEqual(['groups', 1, 'printers']);
    expect(printersQueryKey(2)).toEqual(['groups', 2, 'printers']);
  });
});
