import { Anchor, Button, Group, Paper, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconFileCode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getScreenPath, SCREEN_PATHS } from '../../../config/screens';
import { formatFileSize } from '../../../lib/format-units';
import { ExportPrintLogButton, PrintJobHistory } from '../../../shared/print-jobs';
import { useCurrentWorkspace } from '../../../shared/workspaces/hooks/current-workspace';
import { useLatestGcodes, GcodePreview } from '../../../shared/gcodes';
import { useFileActor } from '../hooks/use-file-actor';
import { canUploadGcodes } from '../model/gcode-permissions';
import { HumanDateText } from '../../../components/HumanDateText';
import { UploadGcodesButton } from './UploadGcodesButton';
import { BreakableText } from '../../../components/BreakableText';

/**
 * The dashboard's files (spec part 1 §2): the tabs latest G-codes (with a link to Gcodes) and
 * latest print jobs, or, in a
 * workspace without any, an empty state with the upload button (UPLOAD_FILE).
 */
export function DashboardGcodes() {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const canUpload = canUploadGcodes(useFileActor());
  const latest = useLatestGcodes(workspace.id);
  const page = latest.data;

  return (
    <Stack gap="md" component="section" aria-labelledby="dashboard-gcodes">
      <Group justify="space-between">
        <Title order={2} size="h3" id="dashboard-gcodes">
          {t('files.dashboard.title')}
        </Title>
        {page && page.count > 0 && (
          <Button component={Link} to={SCREEN_PATHS.gcodes} variant="subtle" size="sm">
            {t('files.dashboard.all', { count: page.count })}
          </Button>
        )}
      </Group>
      {!page && <Skeleton h={160} radius="md" />}
      {page?.count === 0 && (
        <Paper withBorder p="xl" data-testid="gcodes-empty">
          <Stack align="center" gap="sm">
            <IconFileCode size={40} stroke={1.3} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text c="dimmed" ta="center">
              {t('files.dashboard.empty')}
            </Text>
            {canUpload && <UploadGcodesButton label={t('files.empty.uploadButton')} />}
          </Stack>
        </Paper>
      )}
      {page && page.count > 0 && (
        <Tabs defaultValue="gcodes" keepMounted={false}>
          <Tabs.List mb="sm">
            <Tabs.Tab value="gcodes">{t('printJobs.gcodesTab')}</Tabs.Tab>
            <Tabs.Tab value="printJobs">{t('printJobs.dashboardTab')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="printJobs">
            <Group justify="flex-end" mb="xs">
              <ExportPrintLogButton />
            </Group>
            <PrintJobHistory filter={{}} show="both" limit={5} withLoadMore={false} />
          </Tabs.Panel>
          <Tabs.Panel value="gcodes">
            <Paper withBorder>
              <Stack gap={0} component="ul" m={0} p={0}>
                {page.results.map((gcode, index) => (
                  <Group
                    key={gcode.id}
                    component="li"
                    gap="sm"
                    wrap="nowrap"
                    p="sm"
                    style={{
                      listStyle: 'none',
                      borderTop:
                        index > 0 ? '1px solid var(--mantine-color-default-border)' : undefined,
                    }}
                  >
                    <GcodePreview gcode={gcode} size={40} />
                    <Anchor
                      component={Link}
                      to={getScreenPath('gcodeDetail', { id: gcode.id }) ?? SCREEN_PATHS.gcodes}
                      fw={500}
                      c="inherit"
                      style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
                    >
                      <BreakableText>{gcode.name}</BreakableText>
                    </Anchor>
                    <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                      {formatFileSize(gcode.size)}
                    </Text>
                    <HumanDateText
                      value={gcode.uploadedOn}
                      size="xs"
                      c="dimmed"
                      style={{ flexShrink: 0 }}
                    />
                  </Group>
                ))}
              </Stack>
            </Paper>
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
