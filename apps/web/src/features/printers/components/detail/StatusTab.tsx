import { Grid, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPrintTime } from '../../../../lib/format-units';
import { useLockedToggle } from '../../../camera';
import { PrintJobHistory } from '../../../print-jobs';
import { usePrinterCommands } from '../../hooks/use-printer-commands';
import type { PrinterView } from '../../model/printer-view';
import { PrinterCameraView } from '../PrinterCameraView';
import { PrinterProgress } from '../PrinterProgress';
import { PrinterTemperatures } from '../PrinterTemperatures';
import { TemperatureGraph } from './TemperatureGraph';

/** Camera, temperatures, the job, lights and the connection state. */
export function StatusTab({ view, canOperate }: { view: PrinterView; canOperate: boolean }) {
  const { t } = useTranslation();
  const yesNo = (value: boolean) => (value ? t('printers.common.yes') : t('printers.common.no'));
  const rows: [string, string][] = [
    [t('printers.status.online'), yesNo(view.isOnline)],
    [t('printers.status.paired'), yesNo(view.isPaired)],
    [t('printers.status.deviceType'), t(`printers.deviceTypes.${view.printer.device_type}`)],
    [t('printers.status.localIp'), view.localIpAddress ?? '–'],
  ];
  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <PrinterCameraView view={view} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="md">
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Title order={2} size="h5">
                {t('printers.status.job')}
              </Title>
              <PrinterProgress view={view} place="detail" />
              {view.job ? (
                <Group gap="lg">
                  <Text size="sm">
                    {t('printers.status.printTime')}: {formatPrintTime(view.job.printTime)}
                  </Text>
                  <Text size="sm">
                    {t('printers.status.printTimeLeft')}: {formatPrintTime(view.job.printTimeLeft)}
                  </Text>
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('printers.status.noJob')}
                </Text>
              )}
            </Stack>
          </Paper>
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Title order={2} size="h5">
                {t('printers.status.temperatures')}
              </Title>
              <PrinterTemperatures view={view} />
            </Stack>
          </Paper>
          {view.hasLed && <LightSwitch view={view} canOperate={canOperate} />}
          <Paper withBorder p="md">
            <Stack gap={6}>
              <Title order={2} size="h5">
                {t('printers.status.connection')}
              </Title>
              {rows.map(([label, value]) => (
                <Group key={label} justify="space-between">
                  <Text size="sm" c="dimmed">
                    {label}
                  </Text>
                  <Text size="sm" fw={500}>
                    {value}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Paper>
        </Stack>
      </Grid.Col>
      <Grid.Col span={12}>
        <TemperatureGraph printerId={view.printer.id} />
      </Grid.Col>
      <Grid.Col span={12}>
        <Stack gap="sm" component="section" data-testid="printer-print-history">
          <Title order={2} size="h5">
            {t('printJobs.history')}
          </Title>
          <PrintJobHistory filter={{ printerId: view.printer.id }} show="file" />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

function LightSwitch({ view, canOperate }: { view: PrinterView; canOperate: boolean }) {
  const { t } = useTranslation();
  const commands = usePrinterCommands();
  const { isLocked, press } = useLockedToggle(() => commands.setLed(view, !view.isLightOn));
  return (
    <Paper withBorder p="md">
      <Switch
        label={t('printers.lights.led')}
        checked={view.isLightOn}
        disabled={!canOperate || isLocked}
        onChange={press}
      />
    </Paper>
  );
}
