import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { StatsBucket } from '@printdeck/shared';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/i18n';
import { useWorkspaceStatsCharts } from '../api/get-workspace-stats-charts';
import { hasJobs, toPeriodRows, toPrinterCostRows, toPrinterRows } from '../model/stats-chart-rows';
import type { StatsRange } from '../stats-dates';

function ChartCard(props: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby={`${props.id}-title`}
      data-testid={props.id}
    >
      <Stack gap="sm">
        <Title order={2} size="h5" id={`${props.id}-title`}>
          {props.title}
        </Title>
        {props.children}
      </Stack>
    </Paper>
  );
}

/** The statistics page's pictures over the chosen range (spec part 2 §2.12, §3). */
export function StatsCharts({ workspaceId, range }: { workspaceId: number; range: StatsRange }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [bucket, setBucket] = useState<StatsBucket | null>(null);
  const charts = useWorkspaceStatsCharts(workspaceId, range, bucket);
  if (!charts.data) return null;
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  const periods = toPeriodRows(charts.data);
  const printers = toPrinterRows(charts.data);
  const costs = toPrinterCostRows(charts.data);
  const currency = charts.data.currency;
  const money = (value: number) =>
    currency
      ? new Intl.NumberFormat(language, { style: 'currency', currency }).format(value)
      : new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('statsCharts.title')}
        </Title>
        <SegmentedControl
          aria-label={t('statsCharts.bucket')}
          value={bucket ?? charts.data.bucket}
          onChange={(value) => setBucket(value as StatsBucket)}
          data={[
            { value: 'day', label: t('statsCharts.perDay') },
            { value: 'week', label: t('statsCharts.perWeek') },
          ]}
        />
      </Group>
      {!hasJobs(charts.data) ? (
        <Text c="dimmed" data-testid="stats-charts-empty">
          {t('statsCharts.empty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          <ChartCard id="stats-chart-jobs" title={t('statsCharts.jobs')}>
            <BarChart
              h={260}
              data={periods}
              dataKey="period"
              type="stacked"
              withLegend
              valueFormatter={(value) => number.format(value)}
              series={[
                { name: 'done', label: t('statsCharts.outcome.done'), color: 'teal.6' },
                { name: 'cancelled', label: t('statsCharts.outcome.cancelled'), color: 'yellow.6' },
                { name: 'failed', label: t('statsCharts.outcome.failed'), color: 'red.6' },
                { name: 'other', label: t('statsCharts.outcome.other'), color: 'gray.5' },
              ]}
              yAxisProps={{ allowDecimals: false }}
            />
          </ChartCard>
          <ChartCard id="stats-chart-filament" title={t('statsCharts.filament')}>
            <BarChart
              h={260}
              data={periods}
              dataKey="period"
              valueFormatter={(value) => `${number.format(value)} g`}
              series={[
                { name: 'filament', label: t('statsCharts.filamentGrams'), color: 'blue.6' },
              ]}
            />
          </ChartCard>
          <ChartCard id="stats-chart-printers" title={t('statsCharts.printers')}>
            {printers.rows.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('statsCharts.noPrintingTime')}
              </Text>
            ) : (
              <BarChart
                h={Math.max(160, printers.rows.length * 36 + 40)}
                data={printers.rows}
                dataKey="printer"
                orientation="vertical"
                valueFormatter={(value) =>
                  `${number.format(value)} ${printers.unit === 'minutes' ? 'min' : 'h'}`
                }
                xAxisProps={{ allowDecimals: false }}
                yAxisProps={{ width: 120 }}
                series={[
                  {
                    name: 'time',
                    label: t(
                      printers.unit === 'minutes' ? 'statsCharts.minutes' : 'statsCharts.hours',
                    ),
                    color: 'violet.6',
                  },
                ]}
              />
            )}
          </ChartCard>
          {costs.length > 0 && (
            <ChartCard id="stats-chart-printer-cost" title={t('statsCharts.printerCost')}>
              <BarChart
                h={Math.max(160, costs.length * 36 + 40)}
                data={costs}
                dataKey="printer"
                orientation="vertical"
                valueFormatter={money}
                yAxisProps={{ width: 120 }}
                series={[{ name: 'cost', label: t('statsCharts.cost'), color: 'orange.6' }]}
              />
            </ChartCard>
          )}
        </SimpleGrid>
      )}
    </Stack>
  );
}
