import { Button, Group, Stack, Text } from '@mantine/core';
import { CopyableSecret } from '../../../components/CopyableSecret';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { reportError } from '../../../lib/error-modal-store';
import { FormMessage } from '../../../components/FormMessage';
import { SCREEN_PATHS } from '../../../config/screens';
import { useCreateDeviceKeyWithReauth } from '../device-keys';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useCreatePrinter } from '../api/create-printer';
import { toCreatePayload } from '../model/printer-form';
import { PrinterFormFields } from './PrinterFormFields';
import { PrinterSettingsFrame } from './PrinterSettingsFrame';
import { RequireChangeGroup } from './RequireChangeGroup';
import { usePrinterForm } from './use-printer-form';
import { AgentInstallPanel } from './AgentInstallPanel';

/**
 * Add an OctoPrint device (part 2 §5): Continue requests a device key, a confirmation shows
 * it, then the printer is created, the lists reload, and the page shows the agent's install
 * command until the agent connects (issue 17).
 */
export function PrinterAddOctoprintPage() {
  return (
    <RequireChangeGroup>
      <PrinterAddOctoprintForm />
    </RequireChangeGroup>
  );
}

function goBack(navigate: ReturnType<typeof useNavigate>): void {
  const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  if (index > 0) void navigate(-1);
  else void navigate(SCREEN_PATHS.settingsPrinters);
}

function PrinterAddOctoprintForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = usePrinterForm('addOctoprint');
  const deviceKey = useCreateDeviceKeyWithReauth();
  const create = useCreatePrinter();
  const [token, setToken] = useState<string | null>(null);
  const [added, setAdded] = useState<{ printerId: number; token: string } | null>(null);

  const proceed = (event: FormEvent) => {
    event.preventDefault();
    if (!form.submit()) return;
    deviceKey.create(form.workspaceId, { onSuccess: (key) => setToken(key.token) });
  };

  const save = () => {
    if (!token || form.workspaceId === null) return;
    const payload = toCreatePayload(form.values, {
      workspaceId: form.workspaceId,
      token,
      isJoboxAvailable: form.isJoboxAvailable,
    });
    create.mutate(payload, {
      onSuccess: (printer) => {
        setAdded({ printerId: printer.id, token });
        setToken(null);
        notifications.show({
          color: 'teal',
          message: t('printers.settings.added', { name: printer.name }),
        });
      },
      onError: (error) => {
        setToken(null);
        reportError(error);
      },
    });
  };

  if (added && form.workspaceId !== null) {
    return (
      <PrinterSettingsFrame title={t('printers.settings.addOctoprintTitle')}>
        <AgentInstallPanel
          workspaceId={form.workspaceId}
          printerId={added.printerId}
          deviceKey={added.token}
          kind="octoprint"
          onDone={() => goBack(navigate)}
        />
      </PrinterSettingsFrame>
    );
  }

  return (
    <PrinterSettingsFrame title={t('printers.settings.addOctoprintTitle')}>
      <form onSubmit={proceed} noValidate>
        <Stack gap="lg">
          {form.errors.workspace && <FormMessage>{t(form.errors.workspace)}</FormMessage>}
          <PrinterFormFields
            mode="addOctoprint"
            values={form.values}
            errors={form.errors}
            isJoboxAvailable={form.isJoboxAvailable}
            onChange={form.change}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={deviceKey.isPending}>
              {t('printers.settings.continue')}
            </Button>
          </Group>
        </Stack>
      </form>
      {token && (
        <ConfirmDialog
          title={t('printers.settings.confirmTitle')}
          confirmLabel={t('printers.common.save')}
          color="indigo"
          isPending={create.isPending}
          onClose={() => setToken(null)}
          onConfirm={save}
        >
          <Stack gap="sm">
            <Text>
              {t('printers.settings.confirmOctoprint', { name: form.values.name.trim() })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('printers.settings.deviceKeyShown')}
            </Text>
            <CopyableSecret value={token} testId="new-device-key" />
          </Stack>
        </ConfirmDialog>
      )}
      {deviceKey.dialog}
    </PrinterSettingsFrame>
  );
}
