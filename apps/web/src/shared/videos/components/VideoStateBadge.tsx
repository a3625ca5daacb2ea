import { Badge } from '@mantine/core';
import type { Video } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';
import { VIDEO_STATE_DISPLAY } from '../model/video-display';

export function VideoStateBadge({ state }: { state: Video['state'] }) {
  const { t } = useTranslation();
  const display = VIDEO_STATE_DISPLAY[state];
  return (
    <Badge color={display.color} variant="light" data-testid="video-state" data-state={state}>
      {t(display.key)}
    </Badge>
  );
}
