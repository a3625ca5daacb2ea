import { Anchor, Group, Stack, Tabs, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { SCREEN_PATHS } from '../../../config/screens';
import { useCurrentWorkspace } from '../../../shared/workspaces/hooks/current-workspace';
import { useHasPermission } from '../../../shared/workspaces/hooks/use-permission';
import { useDeviceStates } from '../../../shared/printers/api/get-device-states';
import { printerQueryKey } from '../../../shared/printers/api/get-printer';
import { useReloadOnFirstJob } from '../../../shared/printers/hooks/use-reload-on-first-job';
import { useRoutePrinter } from '../../../shared/printers/hooks/use-route-printer';
import { getDetailTabs, resolveActiveTab, type DetailTab } from '../model/detail-tabs';
import { buildPrinterView } from '../../../shared/printers/model/printer-view';
import { FilamentTypeSelect } from '../../../shared/printers/components/FilamentTypeSelect';
import { PrinterStateBadge } from '../../../shared/printers/components/PrinterStateBadge';
import { ControlsTab } from './ControlsTab';
import { DetailActions } from './DetailActions';
import { KlipperTab } from './KlipperTab';
import { LocalFilesTab } from './LocalFilesTab';
import { PrinterNotices } from './PrinterNotices';
import { SpectodaTab } from './SpectodaTab';
import { StatusTab } from './StatusTab';
import classes from './printer-detail.module.css';

/** One printer: status, controls, Klipper console, local files, lights (spec part 1 §2). */
export function PrinterDetailPage() {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const canOperate = useHasPermission('OPERATE_PRINTERS');
  const { printer, isMissing } = useRoutePrinter(SCREEN_PATHS.printers);
  const states = useDeviceStates(workspace.id);
  const [query, setQuery] = useSearchParams();
  const device = states.data?.find((state) => state.printer_id === printer.data?.id);
  useReloadOnFirstJob(
    printerQueryKey(printer.data?.id ?? 0),
    printer.data ? [{ printer: printer.data, device }] : [],
  );

  if (isMissing || !printer.data) return <PageLoader />;
  const view = buildPrinterView(printer.data, device);
  const tabs = getDetailTabs({
    canOperate,
    isKlipper: view.isKlipper,
    hasSpectoda: view.hasSpectoda,
  });
  const activeTab = resolveActiveTab(query, tabs);
  const selectTab = (tab: string | null) => {
    const next = new URLSearchParams(query);
    next.delete('action');
    if (!tab || tab === 'status') next.delete('activeTab');
    else next.set('activeTab', tab);
    setQuery(next, { replace: true });
  };

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={SCREEN_PATHS.printers} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {t('printers.detail.back')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap="xs">
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {view.printer.name}
          </Title>
          <Group gap="sm">
            <PrinterStateBadge view={view} />
            <FilamentTypeSelect printer={view.printer} />
          </Group>
        </Stack>
        {canOperate && <DetailActions view={view} />}
      </Group>
      <PrinterNotices view={view} canOperate={canOperate} />
      <Tabs value={activeTab} onChange={selectTab} keepMounted={false}>
        {/* one row that scrolls sideways on a phone, never a second row of tabs */}
        <Tabs.List className={classes.tabs} data-testid="printer-tabs">
          {tabs.map((tab) => (
            <Tabs.Tab key={tab} value={tab} className={classes.tab}>
              {t(`printers.detail.tabs.${tab satisfies DetailTab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="status" pt="lg">
          <StatusTab view={view} canOperate={canOperate} />
        </Tabs.Panel>
        <Tabs.Panel value="controls" pt="lg">
          <ControlsTab view={view} />
        </Tabs.Panel>
        <Tabs.Panel value="klipper" pt="lg">
          <KlipperTab view={view} />
        </Tabs.Panel>
        <Tabs.Panel value="files" pt="lg">
          <LocalFilesTab view={view} />
        </Tabs.Panel>
        <Tabs.Panel value="spectoda" pt="lg">
          <SpectodaTab view={view} canOperate={canOperate} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
