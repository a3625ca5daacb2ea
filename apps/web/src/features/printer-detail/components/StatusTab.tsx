import { Grid, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLockedToggle } from '../../../shared/camera';
import { PrintJobHistory } from '../../../shared/print-jobs';
import { LoadedSpools } from '../../../shared/spools/components/LoadedSpools';
import { useAgeText } from '../hooks/use-last-seen';
import { usePrinterCommands } from '../../../shared/printers/hooks/use-printer-commands';
import type { PrinterView } from '../../../shared/printers/model/printer-view';
import { PrinterAmsTrays } from '../../../shared/printers/components/PrinterAmsTrays';
import { PrinterCameraView } from '../../../shared/printers/components/PrinterCameraView';
import { PrinterTemperatures } from '../../../shared/printers/components/PrinterTemperatures';
import { MaintenancePanel } from '../../../shared/maintenance';
import { CurrentJobPanel } from './CurrentJobPanel';
import { TemperatureGraph } from './TemperatureGraph';

/** Camera, temperatures, the job, lights and the connection state. */
export function StatusTab({ view, canOperate }: { view: PrinterView; canOperate: boolean }) {
  const { t } = useTranslation();
  const lastSeen = useAgeText(view.lastSeenAt);
  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <PrinterCameraView view={view} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="md">
          <CurrentJobPanel view={view} lastSeen={lastSeen} />
          <Paper withBorder p="md" data-testid="printer-temperatures">
            <Stack gap="sm">
              <Group justify="space-between" gap="xs">
                <Title order={2} size="h5">
                  {t('printers.status.temperatures')}
                </Title>
                {lastSeen && (
                  <Text size="xs" c="dimmed" data-testid="temperatures-last-known">
                    {t('printers.status.lastKnown', { age: lastSeen })}
                  </Text>
                )}
              </Group>
              <PrinterTemperatures view={view} />
            </Stack>
          </Paper>
          <Paper withBorder p="md" data-testid="printer-filament">
            <Stack gap="sm">
              <Title order={2} size="h5">
                {t('spools.load.panelTitle')}
              </Title>
              <LoadedSpools printer={view.printer} place="detail" />
              <PrinterAmsTrays view={view} />
            </Stack>
          </Paper>
          <MaintenancePanel printerId={view.printer.id} />
          {view.hasLed && <LightSwitch view={view} canOperate={canOperate} />}
          <ConnectionPanel view={view} lastSeen={lastSeen} />
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

/** Online, connected to the printer, device and address; offline, what is known and since when. */
function ConnectionPanel({ view, lastSeen }: { view: PrinterView; lastSeen: string | null }) {
  const { t } = useTranslation();
  const yesNo = (value: boolean) => (value ? t('printers.common.yes') : t('printers.common.no'));
  const rows: [string, string][] = [
    [
      t('printers.status.online'),
      lastSeen ? t('printers.status.offlineSince', { age: lastSeen }) : yesNo(view.isOnline),
    ],
    [
      t('printers.status.paired'),
      view.isOnline ? yesNo(view.isPaired) : t('printers.status.unknownOffline'),
    ],
    [t('printers.status.deviceType'), t(`printers.deviceTypes.${view.printer.device_type}`)],
    [t('printers.status.localIp'), view.localIpAddress ?? '–'],
  ];
  return (
    <Paper withBorder p="md" data-testid="printer-connection">
      <Stack gap={6}>
        <Title order={2} size="h5">
          {t('printers.status.connection')}
        </Title>
        {rows.map(([label, value]) => (
          <Group key={label} justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Text size="sm" fw={500} ta="right">
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
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
        disabled={!canOperate || isLocked || !view.isOnline}
        onChange={press}
      />
    </Paper>
  );
}
