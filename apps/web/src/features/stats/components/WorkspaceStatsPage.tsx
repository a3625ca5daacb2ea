import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DateField';
import { PageLoader } from '../../../components/PageLoader';
import { formatGrams, formatLength, formatPrintTime } from '../../../lib/format-units';
import { useCurrentWorkspace } from '../../../shared/workspaces/hooks/current-workspace';
import { formatMoney } from '../../../lib/number-locale';
import { ExportPrintLogButton } from '../../../shared/print-jobs';
import { useWorkspaceStats } from '../api/get-workspace-stats';
import { getDefaultStatsRange, getStatsRangeProblem, type StatsRange } from '../stats-dates';
import { StatsCharts } from './StatsCharts';

type StatsRangeField = 'dateFrom' | 'dateTo';

/** Workspace statistics over a date range, from the print jobs. */
export function WorkspaceStatsPage() {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const [draft, setDraft] = useState<StatsRange>(() => getDefaultStatsRange(new Date()));
  const [range, setRange] = useState(draft);
  const stats = useWorkspaceStats(workspace.id, range);
  const problem = getStatsRangeProblem(draft);
  // Figures for another range must not stand beside a range that cannot be asked for.
  const isShowingFigures = problem === null;
  const fieldError = (field: StatsRangeField) =>
    problem?.field === field ? t(`stats.invalid.${problem.reason}`) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!problem) setRange(draft);
  };
  const figures =
    stats.data &&
    ([
      ['printJobs', String(stats.data.printjobs_count)],
      ['withExistingFile', String(stats.data.printjobs_with_existing_file_count)],
      ['withDeletedFile', String(stats.data.printjobs_with_deleted_file_count)],
      ['filamentWeight', formatGrams(stats.data.total_filament_used_g)],
      ['filamentLength', formatLength(stats.data.total_filament_used_mm)],
      ['printTime', formatPrintTime(stats.data.total_printing_time_sec)],
      ['cost', formatMoney(stats.data.total_cost, stats.data.currency)],
    ] as const);

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('stats.title')}
      </Title>
      <form onSubmit={submit}>
        <Group align="flex-end">
          <DateField
            label={t('stats.dateFrom')}
            value={draft.dateFrom}
            onChange={(dateFrom) => setDraft({ ...draft, dateFrom })}
            error={fieldError('dateFrom')}
          />
          <DateField
            label={t('stats.dateTo')}
            value={draft.dateTo}
            onChange={(dateTo) => setDraft({ ...draft, dateTo })}
            error={fieldError('dateTo')}
          />
          <Button type="submit" disabled={problem !== null} loading={stats.isFetching}>
            {t('stats.update')}
          </Button>
          {isShowingFigures && <ExportPrintLogButton range={range} />}
        </Group>
      </form>
      {!isShowingFigures ? null : figures ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
          {figures.map(([key, value]) => (
            <Paper key={key} withBorder p="md">
              <Text size="sm" c="dimmed">
                {t(`stats.figures.${key}`)}
              </Text>
              <Text size="xl" fw={700} data-testid={`stat-${key}`}>
                {value}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      ) : (
        <PageLoader />
      )}
      {isShowingFigures && <StatsCharts workspaceId={workspace.id} range={range} />}
    </Stack>
  );
}
