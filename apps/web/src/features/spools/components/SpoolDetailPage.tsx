import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconEdit, IconQrcode } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { BackLink } from '../../../components/BackLink';
import { PageLoader } from '../../../components/PageLoader';
import { parseRouteId } from '../../../lib/route-id';
import { SCREEN_PATHS } from '../../../config/screens';
import { saveSelectedWorkspaceId } from '../../../session/selected-workspace';
import { useCurrentWorkspace } from '../../../shared/workspaces/hooks/current-workspace';
import { useMyWorkspaces } from '../../../shared/workspaces/api/get-my-workspaces';
import { useSpool } from '../api/get-spool';
import { useUpdateSpool } from '../api/update-spool';
import { findWorkspaceToSwitchTo } from '../model/workspace-switch';
import { SpoolDialog } from './SpoolDialog';
import { SpoolLabelDialog } from './SpoolLabelDialog';
import { SpoolSwatch } from '../../../shared/spools/components/SpoolSwatch';
import { SpoolWeight } from './SpoolWeight';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children || '—'}
      </Text>
    </Stack>
  );
}

/** One spool: what it is, what is left, where it is loaded; edit, archive, print its label. */
export function SpoolDetailPage() {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const myWorkspaces = useMyWorkspaces();
  const location = useLocation();
  const spoolId = parseRouteId(useParams().id);
  const switchTo = findWorkspaceToSwitchTo(
    location.search,
    workspace.id,
    myWorkspaces.map((w) => w.id),
  );
  const query = useSpool(workspace.id, switchTo ? 0 : spoolId);
  const update = useUpdateSpool(workspace.id);
  const [dialog, setDialog] = useState<'edit' | 'label' | null>(null);
  const canManage = workspace.me.permissions.includes('MANAGE_SPOOLS');

  useEffect(() => {
    if (switchTo === null) return;
    // a fresh load, so that nothing of the other workspace stays in memory
    saveSelectedWorkspaceId(switchTo);
    window.location.replace(`${location.pathname}${location.search}`);
  }, [switchTo, location.pathname, location.search]);

  const isMissing = spoolId === 0 || (isApiError(query.error) && query.error.status === 404);
  if (isMissing && switchTo === null) {
    return (
      <Stack gap="lg">
        <BackLink to={SCREEN_PATHS.spools}>{t('spools.back')}</BackLink>
        <Alert color="orange" data-testid="spool-missing">
          {t('spools.notFound')}
        </Alert>
      </Stack>
    );
  }
  if (!query.data) return <PageLoader />;
  const spool = query.data;
  return (
    <Stack gap="lg">
      <BackLink to={SCREEN_PATHS.spools}>{t('spools.back')}</BackLink>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('spools.detailTitle', { id: spool.id })}
          </Title>
          <SpoolSwatch spool={spool} />
        </Stack>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconQrcode size={16} />}
            onClick={() => setDialog('label')}
          >
            {t('spools.label.open')}
          </Button>
          {canManage && spool.spoolman_id === null && (
            <>
              <Button
                variant="default"
                leftSection={<IconEdit size={16} />}
                onClick={() => setDialog('edit')}
              >
                {t('spools.edit')}
              </Button>
              <Button
                variant="default"
                leftSection={
                  spool.is_archived ? <IconArchiveOff size={16} /> : <IconArchive size={16} />
                }
                loading={update.isPending}
                onClick={() =>
                  update.mutate({ spoolId: spool.id, body: { is_archived: !spool.is_archived } })
                }
              >
                {spool.is_archived ? t('spools.unarchive') : t('spools.archive')}
              </Button>
            </>
          )}
        </Group>
      </Group>
      {spool.is_archived && <Alert color="gray">{t('spools.archivedHint')}</Alert>}
      {spool.spoolman_id !== null && (
        <Alert color="blue" title={t('spoolman.fromSpoolman')}>
          {t('spoolman.managedThere')}
        </Alert>
      )}
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Field label={t('spools.columns.left')}>
            <SpoolWeight spool={spool} />
          </Field>
          <Field label={t('spools.columns.loadedOn')}>
            {spool.loaded_on
              ? t('spools.loadedOn', {
                  printer: spool.loaded_on.printer_name,
                  tool: spool.loaded_on.tool + 1,
                })
              : ''}
          </Field>
          <Field label={t('spools.fields.brand')}>{spool.brand}</Field>
          <Field label={t('spools.fields.diameter')}>
            {t('spools.diameterValue', { value: spool.diameter_mm })}
          </Field>
          <Field label={t('spools.fields.cost_per_kg')}>
            {spool.cost_per_kg === null ? '' : String(spool.cost_per_kg)}
          </Field>
          <Field label={t('spools.fields.low_threshold_g')}>
            {t('spools.grams', { value: spool.low_threshold_g })}
          </Field>
          <Field label={t('spools.fields.location')}>{spool.location}</Field>
          <Field label={t('spools.fields.notes')}>{spool.notes}</Field>
        </SimpleGrid>
      </Paper>
      {dialog === 'edit' && (
        <SpoolDialog workspaceId={workspace.id} spool={spool} onClose={() => setDialog(null)} />
      )}
      {dialog === 'label' && (
        <SpoolLabelDialog
          workspaceId={workspace.id}
          spool={spool}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
