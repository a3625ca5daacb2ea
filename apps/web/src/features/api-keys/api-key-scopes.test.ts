import { describe, expect, it } from 'vitest';
import {
  getScopeInfo,
  getSlicerAddress,
  listScopeInfos,
  resolveApiKeyName,
} from './api-key-scopes';

describe('api key scopes', () => {
  it('lists the default scope first', () => {
    expect(listScopeInfos().map((info) => info.scope)).toEqual([
      'PRINT_TO_GROUP',
      'FULL_READ',
      'LIMITED_WRITE',
    ]);
  });

  it('names the texts of a scope', () => {
    expect(getScopeInfo('FULL_READ').labelKey).toBe('apiKeys.scopes.FULL_READ.label');
  });

  it('replaces an empty name with the local date and time', () => {
    expect(resolveApiKeyName('  ', new Date(2026, 0, 5, 9, 3, 7))).toBe('5.1.2026 09:03:07');
    expect(resolveApiKeyName(' Slicer ', new Date())).toBe('Slicer');
  });

  it('builds the slicer address', () => {
    expect(getSlicerAddress('http://localhost:8080', 3)).toBe('http://localhost:8080/slicer/3');
  });
});
