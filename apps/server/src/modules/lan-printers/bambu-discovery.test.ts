import { describe, expect, it } from 'vitest';
import { parseBambuAnnouncement } from './bambu-discovery.js';

/** A printer's NOTIFY as bambuddy's `ssdp_server.py` writes it (reference §1.2 "Discovery"). */
const announcement = (headers: Record<string, string>, start = 'NOTIFY * HTTP/1.1') =>
  Buffer.from(
    [
      start,
      ...Object.entries({
        Location: '192.168.1.40',
        NT: 'urn:bambulab-com:device:3dprinter:1',
        USN: '01P00A451601106',
        'DevModel.bambu.com': 'C12',
        'DevName.bambu.com': 'Workshop P1S',
        'DevConnect.bambu.com': 'lan',
        ...headers,
      }).map(([name, value]) => `${name}: ${value}`),
      '',
      '',
    ].join('\r\n'),
  );

describe('parseBambuAnnouncement', () => {
  it('reads the serial, model, name and address', () => {
    expect(parseBambuAnnouncement(announcement({}))).toEqual({
      serial: '01P00A451601106',
      model_id: 'C12',
      model: 'Bambu Lab P1S',
      name: 'Workshop P1S',
      address: '192.168.1.40',
    });
  });

  it('takes an answer to M-SEARCH (ST instead of NT) and an unknown model by its code', () => {
    const answer = Buffer.from(
      announcement({ 'DevModel.bambu.com': 'Z99' }, 'HTTP/1.1 200 OK')
        .toString()
        .replace('NT:', 'ST:'),
    );
    expect(parseBambuAnnouncement(answer)).toMatchObject({ model_id: 'Z99', model: null });
  });

  it('ignores other devices, a host name, a bad serial, an oversized datagram', () => {
    expect(parseBambuAnnouncement(announcement({ NT: 'upnp:rootdevice' }))).toBeNull();
    expect(parseBambuAnnouncement(announcement({ Location: 'printer.local' }))).toBeNull();
    expect(parseBambuAnnouncement(announcement({ USN: 'uuid:x y' }))).toBeNull();
    expect(parseBambuAnnouncement(announcement({}, 'M-SEARCH * HTTP/1.1'))).toBeNull();
    expect(
      parseBambuAnnouncement(announcement({ 'DevName.bambu.com': 'x'.repeat(5000) })),
    ).toBeNull();
    expect(parseBambuAnnouncement(Buffer.from([0xff, 0x00, 0x13]))).toBeNull();
  });
});
