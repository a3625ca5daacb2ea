import { describe, expect, it } from 'vitest';
import { toReportPath } from './report-path';

describe('toReportPath', () => {
  it('names a screen by its pattern, never by its ids', () => {
    expect(toReportPath('/')).toBe('/');
    expect(toReportPath('/printers')).toBe('/printers');
    expect(toReportPath('/printers/12')).toBe('/printers/:id');
    expect(toReportPath('/settings/printers/3/create')).toBe('/settings/printers/:groupId/create');
    expect(toReportPath('/settings/printers/3/17')).toBe('/settings/printers/:groupId/:id');
    expect(toReportPath('/public/a1b2c3d4e5f6')).toBe('/public/:uniqueId');
  });

  it('reads an unknown path as /404', () => {
    expect(toReportPath('/no/such/page/private.person@example.com')).toBe('/404');
  });
});
