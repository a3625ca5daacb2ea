import { Anchor, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getScreenPath } from '../../../config/screens';
import { formatPrintTime } from '../../../lib/format-units';
import { useCurrentWorkspace } from '../../../shared/workspaces/hooks/current-workspace';
import { usePrinterViews } from '../../../shared/printers/hooks/use-printer-views';
import {
  countFarmStatuses,
  FARM_STATUS_PARAM,
  FARM_STATUSES,
  listFinishingSoonest,
  type FarmStatus,
} from '../model/farm-status';

const COLORS: Record<FarmStatus, string> = {
  printing: 'blue',
  ready: 'teal',
  paused: 'yellow',
  error: 'red',
  offline: 'gray',
};

/** The Dashboard's farm: how many printers do what, each leading to them; jobs ending soonest. */
export function FarmAtAGlance() {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const { views, printers } = usePrinterViews(workspace.id);
  const printersPath = getScreenPath('printers');
  if (!printers?.length || !printersPath) return null;
  const counts = countFarmStatuses(views.values());
  const finishing = listFinishingSoonest(views.values());

  return (
    <Stack gap="md" component="section" aria-labelledby="farm-at-a-glance">
      <Title order={2} size="h3" id="farm-at-a-glance">
        {t('farm.title')}
      </Title>
      <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="sm">
        {FARM_STATUSES.map((status) => (
          <Paper
            key={status}
            withBorder
            p="md"
            component={Link}
            to={`${printersPath}?${FARM_STATUS_PARAM}=${status}`}
            data-testid={`farm-count-${status}`}
            aria-label={t(`farm.linkLabel.${status}`, { count: counts[status] })}
            style={{
              borderLeft: `4px solid var(--mantine-color-${COLORS[status]}-6)`,
              color: 'inherit',
              textDecoration: 'none',
            }}
          >
            <Text size="sm" c="dimmed">
              {t(`farm.status.${status}`)}
            </Text>
            <Text size="xl" fw={700} data-testid="farm-count">
              {counts[status]}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {finishing.length > 0 && (
        <Paper withBorder p="md" data-testid="farm-finishing">
          <Stack gap="sm">
            <Title order={3} size="h5">
              {t('farm.finishingSoonest')}
            </Title>
            {finishing.map(({ view, secondsLeft }) => (
              <Stack key={view.printer.id} gap={4} data-testid="farm-finishing-job">
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm" truncate>
                    <Anchor
                      component={Link}
                      to={getScreenPath('printerDetail', { id: view.printer.id }) ?? printersPath}
                    >
                      {view.printer.name}
                    </Anchor>
                    {view.job?.name ? ` · ${view.job.name}` : ''}
                  </Text>
                  <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                    {t('farm.left', { time: formatPrintTime(secondsLeft) })}
                  </Text>
                </Group>
                <Progress value={view.job?.completion ?? 0} size="sm" aria-hidden />
              </Stack>
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
