import { describe, expect, it } from 'vitest';
import { readAms } from './bambu-ams.js';

describe('AMS trays from the merged report (reference §1.7)', () => {
  it('reads a P1S with one AMS: material, colour, remaining, empty slots, the active tray', () => {
    const report = {
      ams: {
        ams: [
          {
            id: '0',
            tray: [
              { id: '0', tray_type: 'PLA', tray_color: '00AE42FF', remain: 63 },
              { id: '1', tray_type: 'PETG', tray_color: '161616FF', remain: -1 },
              { id: '2' },
            ],
          },
          { id: '1', tray: [{ id: '3', tray_type: 'ABS', tray_color: 'FFFFFFFF', remain: 100 }] },
        ],
        tray_now: '1',
      },
      vt_tray: { id: '254', tray_type: 'TPU', tray_color: 'FF0000FF', remain: 0 },
    };
    expect(readAms(report)).toEqual({
      active_tray: 1,
      trays: [
        { id: 0, unit: 0, slot: 0, material: 'PLA', color: '#00AE42', remaining_percent: 63 },
        { id: 1, unit: 0, slot: 1, material: 'PETG', color: '#161616', remaining_percent: null },
        { id: 2, unit: 0, slot: 2, material: null, color: null, remaining_percent: null },
        { id: 7, unit: 1, slot: 3, material: 'ABS', color: '#FFFFFF', remaining_percent: 100 },
        {
          id: 254,
          unit: null,
          slot: null,
          material: 'TPU',
          color: '#FF0000',
          remaining_percent: 0,
        },
      ],
    });
  });

  it('nothing loaded is no active tray; no AMS and no external spool is null', () => {
    const empty = { ams: { ams: [{ id: '0', tray: [{ id: '0' }] }], tray_now: '255' } };
    expect(readAms(empty)).toMatchObject({ active_tray: null });
    expect(readAms({})).toBeNull();
    expect(readAms({ ams: { ams: 'garbage', tray_now: 'x' } })).toBeNull();
  });
});
