import { Badge, Button, Group, SimpleGrid, Stack, Tabs } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconTags, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { reportError } from '../../../lib/error-modal-store';
import { BackLink } from '../../../components/BackLink';
import { PageLoader } from '../../../components/PageLoader';
import { SectionCard } from '../../../components/SectionCard';
import { SCREEN_PATHS } from '../../../config/screens';
import { ProductError } from '../../../lib/product-error';
import { PrintButton } from '../../../features/print-dialog';
import { AddToQueueButton } from '../../../features/print-queue';
import { useIsQueueAvailable } from '../../../shared/print-queue/hooks/use-is-queue-available';
import { PrintJobHistory } from '../../../shared/print-jobs';
import { FileVideos } from '../../../features/videos';
import { useHasPermission } from '../../../shared/workspaces/hooks/use-permission';
import { useCurrentWorkspace } from '../../../shared/workspaces/hooks/current-workspace';
import { useDownloadGcode } from '../../../features/files/api/get-download-link';
import { useGcode, GcodePreview } from '../../../shared/gcodes';
import { useFileActor } from '../../../features/files/hooks/use-file-actor';
import { canChangeGcode } from '../../../features/files/model/gcode-permissions';
import { AssignLabelsDialog } from '../../../features/files/components/AssignLabelsDialog';
import { DeleteGcodesDialog } from '../../../features/files/components/DeleteGcodesDialog';
import { GcodeFilamentFields } from '../../../features/files/components/detail/GcodeFilamentFields';
import { GcodeMetadata } from '../../../features/files/components/detail/GcodeMetadata';
import { GcodePublicSwitch } from '../../../features/files/components/detail/GcodePublicSwitch';
import { GcodeTitleEditor } from '../../../features/files/components/detail/GcodeTitleEditor';

function parseGcodeId(value: string | undefined): number {
  return /^[1-9]\d{0,14}$/.test(value ?? '') ? Number(value) : Number.NaN;
}

/**
 * A 404 (or an id that is not one) says "Gcode not found" and goes back to Gcodes; any other
 * failure to load is raised as "Gcode problem" (spec §8).
 */
function useGcodeLoadErrors(gcodeId: number, error: unknown) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isMissing = Number.isNaN(gcodeId) || (isApiError(error) && error.status === 404);
  useEffect(() => {
    if (isMissing) {
      notifications.show({
        id: 'gcode-not-found',
        color: 'red',
        title: t('gcodeDetail.notFoundTitle'),
        message: t('gcodeDetail.notFound'),
      });
      void navigate(SCREEN_PATHS.gcodes, { replace: true });
    } else if (error) {
      const message = error instanceof Error ? error.message : String(error);
      reportError(new ProductError(t('gcodeDetail.problemTitle'), message));
    }
  }, [isMissing, error, navigate, t]);
}

/** One file: name and note, filament, public switch, labels, metadata, download, delete. */
export function GcodeDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const gcodeId = parseGcodeId(useParams().id);
  const workspace = useCurrentWorkspace();
  const actor = useFileActor();
  const gcode = useGcode(workspace.id, gcodeId);
  const download = useDownloadGcode();
  const canPrint = useHasPermission('OPERATE_PRINTERS');
  const canQueue = useIsQueueAvailable();
  const [dialog, setDialog] = useState<'labels' | 'delete' | null>(null);
  useGcodeLoadErrors(gcodeId, gcode.error);

  if (!gcode.data) return <PageLoader />;
  const file = gcode.data;
  const canEdit = canChangeGcode(file, actor);
  const props = { workspaceId: workspace.id, gcode: file, canEdit };

  return (
    <Stack gap="lg">
      <BackLink to={SCREEN_PATHS.gcodes}>{t('gcodeDetail.back')}</BackLink>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <GcodePreview gcode={file} size={180} withText />
        <Stack gap="md" style={{ flex: 1, minWidth: 260 }}>
          <GcodeTitleEditor key={`${file.name}\u0000${file.note}`} {...props} />
          <Group gap="xs">
            {canPrint && <PrintButton fileId={file.id} />}
            {canQueue && <AddToQueueButton gcodeId={file.id} />}
            <Button
              leftSection={<IconDownload size={16} />}
              loading={download.isPending}
              onClick={() => download.mutate({ workspaceId: workspace.id, gcodeId: file.id })}
            >
              {t('gcodeDetail.download')}
            </Button>
            {canEdit && (
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} />}
                onClick={() => setDialog('delete')}
              >
                {t('gcodeDetail.delete')}
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SectionCard title={t('gcodeDetail.metadata.title')}>
          <GcodeMetadata gcode={file} />
        </SectionCard>
        <Stack gap="lg">
          <SectionCard
            title={t('gcodeDetail.labels')}
            action={
              canEdit && (
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconTags size={14} />}
                  onClick={() => setDialog('labels')}
                >
                  {t('files.actions.editLabels')}
                </Button>
              )
            }
          >
            <Group gap={6} data-testid="gcode-labels">
              {file.fileLabels.length === 0 && (
                <Badge variant="default" radius="sm" tt="none">
                  {t('gcodeDetail.noLabels')}
                </Badge>
              )}
              {file.fileLabels.map((label) => (
                <Badge key={label.id} variant="light" radius="sm" tt="none">
                  {label.name}
                </Badge>
              ))}
            </Group>
          </SectionCard>
          <SectionCard title={t('gcodeDetail.filamentAndSharing')}>
            <Stack gap="md">
              <GcodeFilamentFields {...props} />
              <GcodePublicSwitch {...props} />
            </Stack>
          </SectionCard>
        </Stack>
      </SimpleGrid>
      <Tabs defaultValue="history" keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="history">{t('printJobs.history')}</Tabs.Tab>
          <Tabs.Tab value="videos">{t('videos.tab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="history">
          <div data-testid="gcode-print-history">
            <PrintJobHistory filter={{ fileId: file.id }} show="printer" />
          </div>
        </Tabs.Panel>
        <Tabs.Panel value="videos">
          <div data-testid="gcode-videos">
            <FileVideos fileId={file.id} />
          </div>
        </Tabs.Panel>
      </Tabs>
      {dialog === 'labels' && (
        <AssignLabelsDialog
          workspaceId={workspace.id}
          gcodes={[file]}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'delete' && (
        <DeleteGcodesDialog
          workspaceId={workspace.id}
          gcodes={[file]}
          onClose={() => setDialog(null)}
          onDeleted={() => void navigate(SCREEN_PATHS.gcodes)}
        />
      )}
    </Stack>
  );
}
