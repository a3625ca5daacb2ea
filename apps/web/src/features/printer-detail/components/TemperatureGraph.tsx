import '@mantine/charts/styles.css';
import { ChartTooltip, LineChart, type LineChartSeries } from '@mantine/charts';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/i18n';
import { useTemperatureHistory } from '../api/get-temperature-history';
import {
  formatChartTemperature,
  formatChartTime,
  toTemperatureChartRows,
} from '../model/temperature-chart';

/** Nozzle and bed, actual and target, of the last 30 minutes; live while the tab is open. */
export function TemperatureGraph({ printerId }: { printerId: number }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const history = useTemperatureHistory(printerId);
  const rows = toTemperatureChartRows(history.data?.samples ?? []);
  const series: LineChartSeries[] = [
    { name: 'nozzle', label: t('temperatureGraph.nozzle'), color: 'red.6' },
    {
      name: 'nozzleTarget',
      label: t('temperatureGraph.nozzleTarget'),
      color: 'red.3',
      strokeDasharray: '6 4',
    },
    { name: 'bed', label: t('temperatureGraph.bed'), color: 'blue.6' },
    {
      name: 'bedTarget',
      label: t('temperatureGraph.bedTarget'),
      color: 'blue.3',
      strokeDasharray: '6 4',
    },
  ];
  const formatValue = (value: number) => formatChartTemperature(value, language);
  const formatTime = (value: number) => formatChartTime(value);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="temperature-graph-title">
      <Stack gap="sm">
        <Title order={2} size="h5" id="temperature-graph-title">
          {t('temperatureGraph.title')}
        </Title>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="temperature-graph-empty">
            {history.isPending ? t('temperatureGraph.loading') : t('temperatureGraph.empty')}
          </Text>
        ) : (
          <LineChart
            h={260}
            data={rows}
            dataKey="time"
            series={series}
            curveType="linear"
            withDots={false}
            withLegend
            connectNulls={false}
            valueFormatter={formatValue}
            data-testid="temperature-graph"
            xAxisProps={{
              type: 'number',
              scale: 'time',
              domain: ['dataMin', 'dataMax'],
              tickFormatter: formatTime,
              minTickGap: 48,
            }}
            yAxisProps={{ tickFormatter: (value: number) => `${value} °C`, width: 64 }}
            tooltipProps={{
              content: ({ label, payload }) => (
                <ChartTooltip
                  label={typeof label === 'number' ? formatChartTime(label, true) : label}
                  payload={payload as unknown as Record<string, unknown>[] | undefined}
                  series={series}
                  valueFormatter={formatValue}
                />
              ),
            }}
          />
        )}
      </Stack>
    </Paper>
  );
}
