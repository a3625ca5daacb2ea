import { Stack, Switch, Text } from '@mantine/core';
import type { Video } from '@printdeck/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useSetVideoPublic } from '../api/set-video-public';

/** Public or private: making it public asks first, making it private does not (spec §4.4). */
export function VideoPublicSwitch({ workspaceId, video }: { workspaceId: number; video: Video }) {
  const { t } = useTranslation();
  const setPublic = useSetVideoPublic();
  const [isConfirming, setConfirming] = useState(false);
  const change = (isPublic: boolean) =>
    setPublic.mutate(
      { workspaceId, videoId: video.id, isPublic },
      { onSettled: () => setConfirming(false) },
    );
  return (
    <Stack gap={4}>
      <Switch
        label={t('videos.public')}
        checked={video.is_public}
        disabled={!video.can_change || video.state !== 'READY' || setPublic.isPending}
        onChange={(event) => {
          if (event.currentTarget.checked) setConfirming(true);
          else change(false);
        }}
        data-testid="video-public"
      />
      <Text size="xs" c="dimmed">
        {video.is_public ? t('videos.publicOn') : t('videos.publicOff')}
      </Text>
      {isConfirming && (
        <ConfirmDialog
          title={t('videos.makePublic.title')}
          confirmLabel={t('videos.makePublic.confirm')}
          color="teal"
          isPending={setPublic.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() => change(true)}
        >
          {t('videos.makePublic.text', { name: video.name })}
        </ConfirmDialog>
      )}
    </Stack>
  );
}
