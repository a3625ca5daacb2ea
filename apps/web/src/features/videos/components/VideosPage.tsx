import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChecks, IconRefresh, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useCurrentWorkspace } from '../../../shared/workspaces/hooks/current-workspace';
import { useDeleteVideos } from '../api/delete-videos';
import { useVideos } from '../api/get-videos';
import { VideoGrid } from './VideoGrid';

/** Timelapse videos (spec part 2 §2.8): the list, and select mode with delete (CHANGE_FILES). */
export function VideosPage() {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const query = useVideos(workspace.id);
  const canSelect = workspace.me.permissions.includes('CHANGE_FILES');
  const [isSelecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [isConfirming, setConfirming] = useState(false);
  const remove = useDeleteVideos();

  const stopSelecting = () => {
    setSelecting(false);
    setSelected(new Set());
  };
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('videos.title')}
        </Title>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => void query.refetch()}
          >
            {t('videos.refresh')}
          </Button>
          {canSelect &&
            (isSelecting ? (
              <Button variant="default" leftSection={<IconX size={16} />} onClick={stopSelecting}>
                {t('videos.selectDone')}
              </Button>
            ) : (
              <Button
                variant="default"
                leftSection={<IconChecks size={16} />}
                onClick={() => setSelecting(true)}
              >
                {t('videos.selectMode')}
              </Button>
            ))}
        </Group>
      </Group>
      <VideoGrid
        query={query}
        isSelecting={isSelecting}
        selected={selected}
        onToggle={(video) => video.can_change && toggle(video.id)}
      />
      {isSelecting && selected.size > 0 && (
        <Paper withBorder shadow="md" p="sm" pos="sticky" bottom={16} style={{ zIndex: 3 }}>
          <Group justify="space-between">
            <Text fw={600}>{t('videos.selectedCount', { count: selected.size })}</Text>
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} />}
              onClick={() => setConfirming(true)}
            >
              {t('videos.deleteSelected')}
            </Button>
          </Group>
        </Paper>
      )}
      {isConfirming && (
        <ConfirmDialog
          title={t('videos.deleteTitle')}
          confirmLabel={t('videos.delete')}
          color="red"
          isPending={remove.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutate(
              { workspaceId: workspace.id, videoIds: [...selected] },
              {
                onSettled: () => {
                  setConfirming(false);
                  stopSelecting();
                },
              },
            )
          }
        >
          {t('videos.deleteSelectedText', { count: selected.size })}
        </ConfirmDialog>
      )}
    </Stack>
  );
}
