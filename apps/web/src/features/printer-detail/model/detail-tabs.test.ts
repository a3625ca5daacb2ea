import { describe, expect, it } from 'vitest';
import { getDetailTabs, resolveActiveTab } from './detail-tabs';

describe('printer detail tabs', () => {
  it('shows only the status to an observer', () => {
    expect(getDetailTabs({ canOperate: false, isKlipper: true, hasSpectoda: false })).toEqual([
      'status',
    ]);
  });

  it('adds controls and files for operators, and the console for Klipper printers', () => {
    expect(getDetailTabs({ canOperate: true, isKlipper: false, hasSpectoda: false })).toEqual([
      'status',
      'controls',
      'files',
    ]);
    expect(getDetailTabs({ canOperate: true, isKlipper: true, hasSpectoda: false })).toEqual([
      'status',
      'controls',
      'klipper',
      'files',
    ]);
  });

  it('adds Spectoda lights when the printer has them', () => {
    expect(getDetailTabs({ canOperate: false, isKlipper: false, hasSpectoda: true })).toEqual([
      'status',
      'spectoda',
    ]);
  });

  it('opens the tab the query asks for, if shown', () => {
    const tabs = getDetailTabs({ canOperate: true, isKlipper: false, hasSpectoda: false });
    expect(resolveActiveTab(new URLSearchParams('activeTab=controls'), tabs)).toBe('controls');
    expect(resolveActiveTab(new URLSearchParams('action=pause'), tabs)).toBe('controls');
    expect(resolveActiveTab(new URLSearchParams('activeTab=klipper'), tabs)).toBe('status');
    expect(resolveActiveTab(new URLSearchParams(''), tabs)).toBe('status');
    expect(resolveActiveTab(new URLSearchParams('activeTab=controls'), ['status'])).toBe('status');
  });
});
