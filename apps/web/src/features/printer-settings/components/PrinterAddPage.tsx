import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { reportError } from '../../../lib/error-modal-store';
import { FormMessage } from '../../../components/FormMessage';
import { SCREEN_PATHS } from '../../../config/screens';
import { useCreatePrinter } from '../api/create-printer';
import { getDeviceKeyError } from '../../../shared/printers/model/control-errors';
import { toCreatePayload } from '../model/printer-form';
import { PrinterFormFields } from './PrinterFormFields';
import { PrinterSettingsFrame } from './PrinterSettingsFrame';
import { RequireChangeGroup } from './RequireChangeGroup';
import { usePrinterForm } from './use-printer-form';
import { AgentInstallPanel } from './AgentInstallPanel';
import { useCreateDeviceKeyWithReauth } from '../device-keys';

/**
 * Add a pill or a Klipper device by its device key (SettingsPrinterAdd). A Klipper device may
 * get a new key here, and then the page shows the agent's install command (issue 17).
 */
export function PrinterAddPage() {
  return (
    <RequireChangeGroup>
      <PrinterAddForm />
    </RequireChangeGroup>
  );
}

function PrinterAddForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const form = usePrinterForm('add');
  const create = useCreatePrinter();
  const [tokenError, setTokenError] = useState<string | null>(null);
  const [added, setAdded] = useState<{ printerId: number; token: string } | null>(null);
  const newKey = useCreateDeviceKeyWithReauth();
  // Klipper, PrusaLink and Bambu Lab printers get the agent's install command once added
  const agentKind =
    query.get('kind') === 'klipper'
      ? ('moonraker' as const)
      : query.get('kind') === 'prusalink'
        ? ('prusalink' as const)
        : query.get('kind') === 'bambu'
          ? ('bambu' as const)
          : null;
  const isKlipper = agentKind !== null;
  const title =
    agentKind === 'moonraker'
      ? t('printers.settings.addKlipperTitle')
      : agentKind === 'prusalink'
        ? t('printers.settings.addPrusaLinkTitle')
        : agentKind === 'bambu'
          ? t('printers.settings.addBambuTitle')
          : t('printers.settings.addPillTitle');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTokenError(null);
    if (!form.submit() || form.workspaceId === null) return;
    const payload = toCreatePayload(form.values, {
      workspaceId: form.workspaceId,
      token: form.values.token,
      isJoboxAvailable: form.isJoboxAvailable,
    });
    create.mutate(payload, {
      onSuccess: (printer) => {
        notifications.show({
          color: 'teal',
          message: t('printers.settings.added', { name: printer.name }),
        });
        if (isKlipper) setAdded({ printerId: printer.id, token: payload.token });
        else void navigate(SCREEN_PATHS.settingsPrinters);
      },
      onError: (error) => {
        const deviceKeyError = getDeviceKeyError(error);
        if (!deviceKeyError) return reportError(error);
        setTokenError(t('printers.validation.invalidDeviceKey'));
        notifications.show({
          color: 'red',
          title: t('printers.validation.invalidDeviceKeyTitle'),
          message: t('printers.validation.invalidDeviceKey'),
        });
      },
    });
  };

  if (added && form.workspaceId !== null) {
    return (
      <PrinterSettingsFrame title={title}>
        <AgentInstallPanel
          workspaceId={form.workspaceId}
          printerId={added.printerId}
          deviceKey={added.token}
          kind={agentKind ?? 'moonraker'}
          onDone={() => void navigate(SCREEN_PATHS.settingsPrinters)}
        />
      </PrinterSettingsFrame>
    );
  }

  return (
    <PrinterSettingsFrame title={title}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          {form.errors.workspace && <FormMessage>{t(form.errors.workspace)}</FormMessage>}
          <PrinterFormFields
            mode="add"
            values={form.values}
            errors={form.errors}
            tokenError={tokenError}
            isJoboxAvailable={form.isJoboxAvailable}
            onChange={form.change}
          />
          {agentKind === 'prusalink' && (
            <Text size="sm" data-testid="prusalink-credentials-hint">
              {t('printers.install.prusalinkWhere')}
            </Text>
          )}
          {agentKind === 'bambu' && (
            <Text size="sm" data-testid="bambu-credentials-hint">
              {t('printers.install.bambuWhere')}
            </Text>
          )}
          {isKlipper && !form.values.token && (
            <Group>
              <Button
                variant="light"
                size="xs"
                loading={newKey.isPending}
                onClick={() =>
                  newKey.create(form.workspaceId, {
                    onSuccess: (key) => form.change({ token: key.token }),
                    onError: (error) => reportError(error),
                  })
                }
              >
                {t('printers.install.createKey')}
              </Button>
            </Group>
          )}
          <Group justify="flex-end">
            {/* still busy once added: the list may take a moment, and a second click would add it again */}
            <Button type="submit" loading={create.isPending || create.isSuccess}>
              {t('printers.settings.add')}
            </Button>
          </Group>
        </Stack>
      </form>
      {newKey.dialog}
    </PrinterSettingsFrame>
  );
}
