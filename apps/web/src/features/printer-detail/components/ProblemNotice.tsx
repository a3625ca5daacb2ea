import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertOctagon, IconKey, IconPlugOff } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { useHasPermission } from '../../../shared/workspaces/hooks/use-permission';
import { useUpdatePrinter } from '../../../shared/printers/api/update-printer';
import { useIsChangingState } from '../../../shared/printers/hooks/changing-state-store';
import type { PrinterCommands } from '../../../shared/printers/hooks/use-printer-commands';
import type { PrinterView } from '../../../shared/printers/model/printer-view';
import { getProblemText } from '../../../shared/printers/components/problem-text';

interface ProblemNoticeProps {
  view: PrinterView;
  canOperate: boolean;
  commands: PrinterCommands;
}

/**
 * What is wrong between the device and the printer, told where it can be fixed: a refused
 * OctoPrint key with a field for a new one, a host that does not answer (nothing to press
 * here), a printer error with the reconnect offered only as "I checked the printer".
 */
export function ProblemNotice({ view, canOperate, commands }: ProblemNoticeProps) {
  const { t } = useTranslation();
  const isChanging = useIsChangingState(view.printer.id, view.printerState);
  const host = view.isKlipper ? 'Moonraker' : 'OctoPrint';
  switch (view.problem?.kind) {
    case 'keyRefused':
      return (
        <Alert
          color="red"
          icon={<IconKey size={18} />}
          title={getProblemText(view, t)}
          data-testid="problem-notice"
        >
          <KeyRefusedBody view={view} />
        </Alert>
      );
    case 'hostUnreachable':
      return (
        <Alert
          color="orange"
          icon={<IconPlugOff size={18} />}
          title={getProblemText(view, t)}
          data-testid="problem-notice"
        >
          {t('printers.problem.hostUnreachableHelp', { host, detail: view.problem.detail })}
        </Alert>
      );
    case 'printerError':
      return (
        <Alert
          color="red"
          variant="filled"
          icon={<IconAlertOctagon size={18} />}
          title={t('printers.problem.printerErrorTitle')}
          data-testid="problem-notice"
        >
          <Stack gap="xs">
            <Text fw={700} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {view.problem.detail}
            </Text>
            <Text size="sm">{t('printers.problem.printerErrorHelp')}</Text>
            {canOperate && !view.isPaired && (
              <Group>
                <Button
                  size="xs"
                  variant="white"
                  color="red"
                  loading={isChanging}
                  onClick={() => void commands.connect(view)}
                >
                  {t('printers.problem.reconnect')}
                </Button>
              </Group>
            )}
          </Stack>
        </Alert>
      );
    default:
      return null;
  }
}

/** An admin enters the new key in place; others learn whom to ask. */
function KeyRefusedBody({ view }: { view: PrinterView }) {
  const { t } = useTranslation();
  const canChange = useHasPermission('CHANGE_GROUP');
  const update = useUpdatePrinter();
  const [key, setKey] = useState('');
  if (!canChange) return <Text size="sm">{t('printers.problem.keyRefusedAskAdmin')}</Text>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (key.trim() === '') return;
    // the notice goes as soon as the device takes the key, often before the save's own
    // callbacks would run: the promise still tells
    update
      .mutateAsync({ id: view.printer.id, body: { api_key: key.trim() } })
      .then(() => {
        setKey('');
        notifications.show({ color: 'teal', message: t('printers.problem.keySaved') });
      })
      .catch(() => undefined); // shown under the field (update.error)
  };
  const fieldError = isApiError(update.error)
    ? (update.error.getFieldErrors('api_key')[0] ?? update.error.message)
    : undefined;
  return (
    <form onSubmit={submit}>
      <Stack gap="xs">
        <Text size="sm">{t('printers.problem.keyRefusedHelp')}</Text>
        <Group align="flex-end" gap="xs">
          <PasswordInput
            label={t('printers.problem.newKey')}
            value={key}
            onChange={(event) => setKey(event.currentTarget.value)}
            error={fieldError}
            autoComplete="off"
            style={{ flex: '1 1 220px' }}
          />
          <Button type="submit" loading={update.isPending} disabled={key.trim() === ''}>
            {t('printers.problem.saveKey')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
