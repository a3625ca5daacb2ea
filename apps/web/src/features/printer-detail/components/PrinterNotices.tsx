import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconExternalLink,
  IconPlugConnected,
  IconPlugOff,
  IconPower,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAgeText } from '../hooks/use-last-seen';
import { useIsChangingState } from '../../../shared/printers/hooks/changing-state-store';
import { usePrinterCommands } from '../../../shared/printers/hooks/use-printer-commands';
import { getReconnectAction } from '../../../shared/printers/model/card-actions';
import type { PrinterView } from '../../../shared/printers/model/printer-view';
import { WaitingStartNotice } from '../../../shared/waiting-starts';
import { ProblemNotice } from './ProblemNotice';

/** The detail's notices: unpaired prompt, multiple instances, the external link. */
export function PrinterNotices({ view, canOperate }: { view: PrinterView; canOperate: boolean }) {
  const { t } = useTranslation();
  const commands = usePrinterCommands();
  const isChanging = useIsChangingState(view.printer.id, view.printerState);
  // a problem notice says what is wrong instead, with the way back that can work
  const isUnpaired =
    view.isOnline && view.printerState === 'PRINTER_NOT_PAIRED' && view.problem === null;
  const instances = view.printer.instances.length;
  const lastSeen = useAgeText(view.lastSeenAt);
  return (
    <Stack gap="sm">
      {lastSeen && (
        <Alert color="gray" icon={<IconPlugOff size={18} />} data-testid="offline-notice">
          {t('printers.notices.offline', { age: lastSeen })}
        </Alert>
      )}
      {view.printer.out_of_service && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="out-of-service">
          {t('printers.outOfService.notice', {
            reason: view.printer.out_of_service.reason,
            since: new Date(view.printer.out_of_service.since).toLocaleString(),
          })}
        </Alert>
      )}
      <WaitingStartNotice printerId={view.printer.id} />
      <ProblemNotice view={view} canOperate={canOperate} commands={commands} />
      {isUnpaired && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="unpaired-notice">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('printers.notices.unpaired')}</Text>
            {canOperate &&
              (getReconnectAction(view) === 'powerOn' ? (
                <Button
                  size="xs"
                  leftSection={<IconPower size={14} />}
                  loading={isChanging}
                  onClick={() => void commands.setPower(view, true)}
                >
                  {t('printers.actions.powerOn')}
                </Button>
              ) : (
                <Button
                  size="xs"
                  leftSection={<IconPlugConnected size={14} />}
                  loading={isChanging}
                  onClick={() => void commands.connect(view)}
                >
                  {t(
                    view.isKlipper ? 'printers.actions.restartKlipper' : 'printers.actions.connect',
                  )}
                </Button>
              ))}
          </Group>
        </Alert>
      )}
      {instances > 1 && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
          {t('printers.notices.multipleInstances', { count: instances })}
        </Alert>
      )}
      {view.localIpAddress && (
        <Alert color="gray" icon={<IconExternalLink size={18} />}>
          <Text size="sm">
            {t('printers.notices.externalLink')}{' '}
            <Anchor
              href={`http://${view.localIpAddress}/`}
              target="_blank"
              rel="noopener noreferrer"
            >
              http://{view.localIpAddress}/
            </Anchor>
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
