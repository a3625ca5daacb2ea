import {
  Alert,
  Button,
  Group,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/api-error';
import { reportError } from '../../../lib/error-modal-store';
import { FormMessage } from '../../../components/FormMessage';
import { SCREEN_PATHS } from '../../../config/screens';
import { useCreateLanPrinter } from '../api/create-lan-printer';
import { useAgentInstallInfo } from '../../../shared/printers/api/get-agent-install';
import { PrinterSettingsFrame } from './PrinterSettingsFrame';
import { RequireChangeGroup } from './RequireChangeGroup';
import { usePrinterForm } from './use-printer-form';

type Kind = 'octoprint' | 'moonraker';

/**
 * LAN mode (issue 17): a printer the server reaches on its own network, OctoPrint with its API
 * key or Moonraker, with nothing to install. Only where the operator turned LAN mode on.
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
  const [kind, setKind] = useState<Kind>('octoprint');
  const [url, setUrl] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [isSubmitted, setSubmitted] = useState(false);
  const name = form.values.name.trim();
  const localErrors = {
    name: name === '' ? t('printers.validation.nameEmpty') : null,
    url: url.trim() === '' ? t('printers.lan.urlEmpty') : null,
    apiKey:
      kind === 'octoprint' && apiKey.trim() === '' ? t('printers.validation.apiKeyEmpty') : null,
  };
  const shown = (field: keyof typeof localErrors, serverField: string) =>
    (isSubmitted ? localErrors[field] : null) ?? serverErrors[serverField] ?? undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerErrors({});
    if (Object.values(localErrors).some(Boolean) || form.workspaceId === null) return;
    create.mutate(
      {
        group: form.workspaceId,
        name,
        kind,
        url: url.trim(),
        ...(kind === 'octoprint' ? { api_key: apiKey.trim() } : {}),
      },
      {
        onSuccess: (printer) => {
          notifications.show({
            color: 'teal',
            message: t('printers.settings.added', { name: printer.name }),
          });
          void navigate(SCREEN_PATHS.settingsPrinters);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400) {
            const fields = ['name', 'url', 'api_key'] as const;
            const found = Object.fromEntries(
              fields.flatMap((f) =>
                error
                  .getFieldErrors(f)
                  .slice(0, 1)
                  .map((m) => [f, m]),
              ),
            );
            if (found.url) found.url = t('printers.lan.urlRefused', { reason: found.url });
            if (Object.keys(found).length > 0) return setServerErrors(found);
          }
          reportError(error);
        },
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
              error={shown('name', 'name')}
              maxLength={100}
              required
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('printers.lan.kind')}
              </Text>
              <SegmentedControl
                value={kind}
                onChange={(value) => setKind(value as Kind)}
                data={[
                  { value: 'octoprint', label: t('printers.lan.octoprint') },
                  { value: 'moonraker', label: t('printers.lan.moonraker') },
                ]}
              />
            </Stack>
            <TextInput
              label={t(
                kind === 'octoprint' ? 'printers.lan.octoprintUrl' : 'printers.lan.moonrakerUrl',
              )}
              description={t('printers.lan.urlHint')}
              placeholder={
                kind === 'octoprint' ? 'http://192.168.1.20' : 'http://192.168.1.21:7125'
              }
              value={url}
              onChange={(event) => setUrl(event.currentTarget.value)}
              error={shown('url', 'url')}
              autoComplete="off"
              required
            />
            {kind === 'octoprint' && (
              <PasswordInput
                label={t('printers.form.apiKey')}
                description={t('printers.form.apiKeyHint')}
                value={apiKey}
                onChange={(event) => setApiKey(event.currentTarget.value)}
                error={shown('apiKey', 'api_key')}
                autoComplete="off"
                required
              />
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending}>
                {t('printers.settings.add')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </PrinterSettingsFrame>
  );
}
