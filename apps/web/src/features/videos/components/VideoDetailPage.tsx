import { Alert, Anchor, Button, Group, List, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Video } from '@printdeck/shared';
import { IconAlertTriangle, IconDownload, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { BackLink } from '../../../components/BackLink';
import { BreakableText } from '../../../components/BreakableText';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageLoader } from '../../../components/PageLoader';
import { SectionCard } from '../../../components/SectionCard';
import { getScreenPath, SCREEN_PATHS } from '../../../config/screens';
import { formatDate } from '../../../lib/format-date';
import { parseRouteId } from '../../../lib/route-id';
import { useCurrentWorkspace } from '../../../shared/workspaces/hooks/current-workspace';
import { useDeleteVideos } from '../api/delete-videos';
import { useVideo } from '../api/get-video';
import { CHECK_REASON_KEYS, toDownloadUrl } from '../../../shared/videos/model/video-display';
import { VideoPublicSwitch } from './VideoPublicSwitch';
import { VideoStateBadge } from '../../../shared/videos/components/VideoStateBadge';

/** The player keeps the first link it got: a refreshed link would restart the video. */
function VideoPlayer({ video }: { video: Video }) {
  const { t } = useTranslation();
  const [src] = useState(video.links.video);
  if (!src) return null;
  return (
    <video
      src={src}
      poster={video.links.photo ?? undefined}
      controls
      playsInline
      preload="metadata"
      data-testid="video-player"
      aria-label={t('videos.player', { name: video.name })}
      style={{ width: '100%', maxHeight: '70vh', background: 'black', borderRadius: 8 }}
    />
  );
}

function Description({ video }: { video: Video }) {
  const { t } = useTranslation();
  const job = video.print_job;
  const printerPath = job.printer_exists
    ? getScreenPath('printerDetail', { id: job.printer_id ?? 0 })
    : null;
  const filePath = job.file_exists ? getScreenPath('gcodeDetail', { id: job.file_id ?? 0 }) : null;
  return (
    <Stack gap="xs" data-testid="video-description">
      <Text>
        {t('videos.describe', {
          outcome: t(`printJobs.outcome.${job.outcome}` as 'printJobs.outcome.done'),
          frames: video.frames.received,
          seconds: video.duration_sec ?? 0,
        })}
      </Text>
      <Group gap={6}>
        <Text c="dimmed">{t('videos.printer')}</Text>
        {printerPath ? (
          <Anchor component={Link} to={printerPath} data-testid="video-printer">
            {job.printer_name}
          </Anchor>
        ) : (
          <Text data-testid="video-printer">
            {job.printer_name} ({t('videos.printerDeleted')})
          </Text>
        )}
      </Group>
      <Group gap={6}>
        <Text c="dimmed">{t('videos.file')}</Text>
        {filePath ? (
          <Anchor
            component={Link}
            to={filePath}
            data-testid="video-file"
            style={{ overflowWrap: 'anywhere', minWidth: 0 }}
          >
            <BreakableText>{job.file_name}</BreakableText>
          </Anchor>
        ) : (
          <Text data-testid="video-file" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            <BreakableText>{job.file_name}</BreakableText> ({t('videos.fileDeleted')})
          </Text>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('videos.byWhen', { user: job.username, date: formatDate(job.started_on) })}
      </Text>
    </Stack>
  );
}

/** One video (spec part 2 §2.8): player, description, links, public switch, download, delete. */
export function VideoDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const workspace = useCurrentWorkspace();
  const videoId = parseRouteId(useParams().id);
  const query = useVideo(workspace.id, videoId);
  const remove = useDeleteVideos();
  const [isDeleting, setDeleting] = useState(false);
  const isMissing = videoId === 0 || (isApiError(query.error) && query.error.status === 404);

  useEffect(() => {
    if (!isMissing) return;
    notifications.show({
      color: 'red',
      title: t('videos.notFoundTitle'),
      message: t('videos.notFound'),
    });
    void navigate(SCREEN_PATHS.videos, { replace: true });
  }, [isMissing, navigate, t]);

  if (!query.data) return <PageLoader />;
  const video = query.data;
  const { links } = video;
  return (
    <Stack gap="lg">
      <BackLink to={SCREEN_PATHS.videos}>{t('videos.back')}</BackLink>
      <Group justify="space-between" align="flex-start">
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          <BreakableText>{video.name}</BreakableText>
        </Title>
        <VideoStateBadge state={video.state} />
      </Group>
      {video.state === 'READY' ? (
        <VideoPlayer key={video.id} video={video} />
      ) : (
        <Alert color={video.state === 'FAILED' ? 'orange' : 'blue'} data-testid="video-not-ready">
          {video.state === 'FAILED'
            ? t('videos.failedWith', { reason: video.failure_reason ?? '' })
            : t('videos.beingMade')}
        </Alert>
      )}
      {video.recording_stopped && (
        <Alert color="orange" data-testid="video-recording-stopped">
          {t(`videos.recordingStopped.${video.recording_stopped}`)}
        </Alert>
      )}
      {video.check.flagged && (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          title={t('videos.check.title')}
          data-testid="video-check"
        >
          <List size="sm">
            {video.check.reasons.map((reason) => (
              <List.Item key={reason}>{t(CHECK_REASON_KEYS[reason])}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {video.links.photo_stripe && (
        <SectionCard title={t('videos.frames')}>
          <ScrollArea type="auto" offsetScrollbars>
            <img
              src={video.links.photo_stripe}
              alt={t('videos.stripAlt', { name: video.name })}
              data-testid="video-strip"
              style={{ height: 120, width: 'auto', maxWidth: 'none', display: 'block' }}
            />
          </ScrollArea>
        </SectionCard>
      )}
      <SectionCard title={t('videos.about')}>
        <Description video={video} />
      </SectionCard>
      <SectionCard title={t('videos.sharing')}>
        <Stack gap="md">
          <VideoPublicSwitch workspaceId={workspace.id} video={video} />
          <Group gap="xs">
            {links.video && (
              <Button
                component="a"
                href={toDownloadUrl(links.video)}
                leftSection={<IconDownload size={16} />}
                data-testid="video-download"
              >
                {t('videos.download')}
              </Button>
            )}
            {links.photo && (
              <Button
                component="a"
                href={toDownloadUrl(links.photo)}
                variant="default"
                leftSection={<IconPhoto size={16} />}
              >
                {t('videos.downloadPhoto')}
              </Button>
            )}
            {video.can_change && (
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} />}
                disabled={video.state === 'RECORDING' || video.state === 'ANALYZING'}
                onClick={() => setDeleting(true)}
              >
                {t('videos.delete')}
              </Button>
            )}
          </Group>
        </Stack>
      </SectionCard>
      {isDeleting && (
        <ConfirmDialog
          title={t('videos.deleteTitle')}
          confirmLabel={t('videos.delete')}
          isPending={remove.isPending}
          onClose={() => setDeleting(false)}
          onConfirm={() =>
            remove.mutate(
              { workspaceId: workspace.id, videoIds: [video.id] },
              { onSuccess: () => void navigate(SCREEN_PATHS.videos) },
            )
          }
        >
          {t('videos.deleteText', { name: video.name })}
        </ConfirmDialog>
      )}
    </Stack>
  );
}
