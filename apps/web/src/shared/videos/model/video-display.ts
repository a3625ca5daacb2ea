import type { Video, VideoCheckReason } from '@printdeck/shared';

type State = Video['state'];

/** The i18n key and colour of a video's state. */
export const VIDEO_STATE_DISPLAY = {
  RECORDING: { key: 'videos.state.RECORDING', color: 'red' },
  ANALYZING: { key: 'videos.state.ANALYZING', color: 'blue' },
  READY: { key: 'videos.state.READY', color: 'green' },
  FAILED: { key: 'videos.state.FAILED', color: 'orange' },
  NOT_RECORDED: { key: 'videos.state.NOT_RECORDED', color: 'gray' },
} as const satisfies Record<State, { key: `videos.state.${State}`; color: string }>;

export const CHECK_REASON_KEYS = {
  print_failed: 'videos.check.print_failed',
  print_cancelled: 'videos.check.print_cancelled',
  camera_unreachable: 'videos.check.camera_unreachable',
  camera_black: 'videos.check.camera_black',
  camera_frozen: 'videos.check.camera_frozen',
} as const satisfies Record<VideoCheckReason, `videos.check.${VideoCheckReason}`>;

/** Download of one of the video's files: its signed link with the download flag. */
export function toDownloadUrl(link: string): string {
  return `${link}${link.includes('?') ? '&' : '?'}download=1`;
}
