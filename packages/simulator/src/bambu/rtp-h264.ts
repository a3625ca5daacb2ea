import type { AccessUnit, H264Clip } from './h264-clip.js';

/** the dynamic RTP payload type the SDP maps to H264/90000 */
export const PAYLOAD_TYPE = 96;
/** RTP clock for video (RFC 6184 §5.1: 90 kHz) */
export const CLOCK_RATE = 90_000;
/** largest RTP payload; a NAL unit above it is sent as FU-A fragments */
const MAX_PAYLOAD = 1400;
const FU_A = 28;

/** An RTP sender's running numbers (RFC 3550 §5.1). */
export interface RtpSender {
  ssrc: number;
  sequence: number;
}

/** The RTP fixed header (RFC 3550 §5.1): V=2, no padding/extension/CSRC. */
function rtpHeader(sender: RtpSender, timestamp: number, isLast: boolean): Buffer {
  const header = Buffer.alloc(12);
  header[0] = 0x80;
  header[1] = (isLast ? 0x80 : 0) | PAYLOAD_TYPE;
  header.writeUInt16BE(sender.sequence, 2);
  header.writeUInt32BE(timestamp >>> 0, 4);
  header.writeUInt32BE(sender.ssrc >>> 0, 8);
  sender.sequence = (sender.sequence + 1) & 0xffff;
  return header;
}

/**
 * The RTP payloads of one NAL unit (RFC 6184): whole as a single NAL unit packet (§5.6) when
 * it fits, else FU-A fragments (§5.8): the FU indicator keeps F and NRI with type 28, the FU
 * header carries S on the first, E on the last and the NAL type; the NAL header byte itself
 * is not repeated.
 */
export function packetizeNal(nal: Buffer): Buffer[] {
  if (nal.length <= MAX_PAYLOAD) return [nal];
  const indicator = (nal[0]! & 0xe0) | FU_A;
  const type = nal[0]! & 0x1f;
  const body = nal.subarray(1);
  const step = MAX_PAYLOAD - 2;
  const payloads: Buffer[] = [];
  for (let at = 0; at < body.length; at += step) {
    const isFirst = at === 0;
    const isLast = at + step >= body.length;
    const header = (isFirst ? 0x80 : 0) | (isLast ? 0x40 : 0) | type;
    payloads.push(Buffer.concat([Buffer.from([indicator, header]), body.subarray(at, at + step)]));
  }
  return payloads;
}

/**
 * One picture as RTP packets, each framed for RTSP interleaving (RFC 2326 §10.12: `$`, the
 * channel, a 16-bit length); the marker bit on the picture's last packet (RFC 6184 §5.1).
 */
export function framePicture(
  unit: AccessUnit,
  sender: RtpSender,
  timestamp: number,
  channel: number,
): Buffer {
  const payloads = unit.nals.flatMap(packetizeNal);
  const frames = payloads.map((payload, n) => {
    const packet = Buffer.concat([
      rtpHeader(sender, timestamp, n === payloads.length - 1),
      payload,
    ]);
    const prefix = Buffer.from([0x24, channel, 0, 0]);
    prefix.writeUInt16BE(packet.length, 2);
    return Buffer.concat([prefix, packet]);
  });
  return Buffer.concat(frames);
}

/**
 * The session description (RFC 4566) of the one video track: H264/90000 on payload type 96,
 * `packetization-mode=1` (non-interleaved: single NAL units and FU-A, RFC 6184 §6.2), the
 * profile from the SPS and `sprop-parameter-sets` (SPS, PPS in base64, RFC 6184 §8.1).
 */
export function describeSession(clip: H264Clip, host: string, sessionId: number): string {
  const profile = clip.sps.subarray(1, 4).toString('hex').toUpperCase();
  const sets = `${clip.sps.toString('base64')},${clip.pps.toString('base64')}`;
  return [
    'v=0',
    `o=- ${sessionId} 1 IN IP4 ${host}`,
    's=Printdeck virtual Bambu Lab camera',
    `c=IN IP4 0.0.0.0`,
    't=0 0',
    'a=control:*',
    'a=range:npt=0-',
    `m=video 0 RTP/AVP ${PAYLOAD_TYPE}`,
    `a=rtpmap:${PAYLOAD_TYPE} H264/${CLOCK_RATE}`,
    `a=fmtp:${PAYLOAD_TYPE} packetization-mode=1;profile-level-id=${profile};sprop-parameter-sets=${sets}`,
    `a=framerate:${clip.framesPerSecond}`,
    'a=control:track1',
    '',
  ].join('\r\n');
}
