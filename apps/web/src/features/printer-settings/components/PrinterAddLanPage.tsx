import { Alert, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { LanPrinterKind } from '@printdeck/shared';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormMessage } from '../../../components/FormMessage';
import { SCREEN_PATHS } from '../../../config/screens';
import { useCreateLanPrinter } from '../api/create-lan-printer';
import { useAgentInstallInfo } from '../../../shared/printers/api/get-agent-install';
import { PrinterSettingsFrame } from './PrinterSettingsFrame';
import { RequireChangeGroup } from './RequireChangeGroup';
import { usePrinterForm } from './use-printer-form';
import { BambuDiscoveryPanel } from './BambuDiscoveryPanel';
import { LanAddressField } from './LanAddressField';
import {
  credentialBody,
  credentialErrors,
  LanCredentialFields,
  NO_CREDENTIALS,
  type LanCredentials,
  type LanFormMessage,
} from './LanCredentialFields';
import { useLanFieldErrors } from './use-lan-field-errors';

/**
 * LAN mode (issues 17, 25): a printer the server reaches on its own network, with nothing to
 * install: OctoPrint with its API key, Moonraker, Bambu Lab (serial number and access code) or
 * PrusaLink (password or key). Only where the operator turned LAN mode on.
 */
export function PrinterAddLanPage() {
  return (
    <RequireChangeGroup>
      <PrinterAddLanForm />
    </RequireChangeGroup>
  );
}

function PrinterAddLanForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useAgentInstallInfo();
  const form = usePrinterForm('add');
  const create = useCreateLanPrinter();
  const [kind, setKind] = useState<LanPrinterKind>('octoprint');
  const [url, setUrl] = useState('');
  const [credentials, setCredentials] = useState<LanCredentials>(NO_CREDENTIALS);
  const name = form.values.name.trim();
  const localErrors: Record<string, LanFormMessage> = {
    ...(name === '' ? { name: 'printers.validation.nameEmpty' } : {}),
    ...(url.trim() === '' ? { url: 'printers.lan.urlEmpty' } : {}),
    ...credentialErrors(kind, credentials),
  };
  const fieldErrors = useLanFieldErrors(localErrors);
  const shown = fieldErrors.shown;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!fieldErrors.begin() || form.workspaceId === null) return;
    create.mutate(
      {
        group: form.workspaceId,
        name,
        kind,
        url: url.trim(),
        ...credentialBody(kind, credentials),
      },
      {
        onSuccess: (printer) => {
          notifications.show({
            color: 'teal',
            message: t('printers.settings.added', { name: printer.name }),
          });
          void navigate(SCREEN_PATHS.settingsPrinters);
        },
        onError: fieldErrors.fail,
      },
    );
  };

  return (
    <PrinterSettingsFrame title={t('printers.lan.title')}>
      {info.data && !info.data.lan_mode ? (
        <Alert color="yellow">{t('printers.lan.off')}</Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="lg">
            {form.errors.workspace && <FormMessage>{t(form.errors.workspace)}</FormMessage>}
            <Text size="sm">{t('printers.lan.intro')}</Text>
            <TextInput
              label={t('printers.form.name')}
              value={form.values.name}
              onChange={(event) => form.change({ name: event.currentTarget.value })}
              error={shown('name')}
              maxLength={100}
              required
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('printers.lan.kind')}
              </Text>
              <SegmentedControl
                value={kind}
                onChange={(value) => setKind(value as LanPrinterKind)}
                data={[
                  { value: 'octoprint', label: t('printers.lan.octoprint') },
                  { value: 'moonraker', label: t('printers.lan.moonraker') },
                  { value: 'bambu', label: t('printers.lan.bambu') },
                  { value: 'prusalink', label: t('printers.lan.prusalink') },
                ]}
              />
            </Stack>
            {kind === 'bambu' && (
              <BambuDiscoveryPanel
                workspaceId={form.workspaceId}
                onChoose={(printer) => {
                  setUrl(printer.address);
                  setCredentials((values) => ({ ...values, serial: printer.serial }));
                  if (name === '' && printer.name) form.change({ name: printer.name });
                }}
              />
            )}
            <LanAddressField kind={kind} value={url} onChange={setUrl} error={shown('url')} />
            <LanCredentialFields
              kind={kind}
              values={credentials}
              onChange={(change) => setCredentials((values) => ({ ...values, ...change }))}
              error={shown}
            />
            <Group justify="flex-end">
              {/* still busy once added: the list may take a moment, and a second click would add it again */}
              <Button type="submit" loading={create.isPending || create.isSuccess}>
                {t('printers.settings.add')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </PrinterSettingsFrame>
  );
}
