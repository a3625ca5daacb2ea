import { Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { LanPrinterConnection } from '@printdeck/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanConnection, useUpdateLanConnection } from '../api/lan-connection';
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
 * A LAN printer's connection in its settings (issue 25): the address and credentials the server
 * uses, tried with the printer before they are saved; a secret left empty keeps the stored one.
 * Nothing for a printer reached through an agent (the server answers 404).
 */
export function LanConnectionSection({ printerId }: { printerId: number }) {
  const connection = useLanConnection(printerId);
  if (!connection.data) return null;
  return <LanConnectionForm printerId={printerId} connection={connection.data} />;
}

function LanConnectionForm(props: { printerId: number; connection: LanPrinterConnection }) {
  const { t } = useTranslation();
  const { printerId, connection } = props;
  const { kind } = connection;
  const update = useUpdateLanConnection();
  const [url, setUrl] = useState(connection.url);
  const [credentials, setCredentials] = useState<LanCredentials>({
    ...NO_CREDENTIALS,
    serial: connection.serial,
    user: connection.user,
  });
  const [isForgettingCertificate, setForgettingCertificate] = useState(false);
  const localErrors: Record<string, LanFormMessage> = {
    ...(url.trim() === '' ? { url: 'printers.lan.urlEmpty' } : {}),
    ...credentialErrors(kind, credentials, true),
  };
  const fieldErrors = useLanFieldErrors(localErrors);
  const shown = fieldErrors.shown;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!fieldErrors.begin()) return;
    const body = {
      kind,
      url: url.trim(),
      ...credentialBody(kind, credentials),
      ...(kind === 'bambu' ? { forget_certificate: isForgettingCertificate } : {}),
    };
    update.mutate(
      { printerId, body },
      {
        onSuccess: () => {
          fieldErrors.settle();
          setForgettingCertificate(false);
          setCredentials((values) => ({ ...values, apiKey: '', accessCode: '', password: '' }));
          notifications.show({ color: 'teal', message: t('printers.lanConnection.saved') });
        },
        onError: fieldErrors.fail,
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="lan-connection-title">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} size="h4" id="lan-connection-title">
            {t('printers.lanConnection.title')}
          </Title>
          <Text size="sm">{t('printers.lanConnection.intro')}</Text>
        </Stack>
        <LanAddressField kind={kind} value={url} onChange={setUrl} error={shown('url')} />
        <LanCredentialFields
          kind={kind}
          values={credentials}
          onChange={(change) => setCredentials((values) => ({ ...values, ...change }))}
          error={shown}
          hasStoredSecrets
        />
        {kind === 'bambu' && (
          <Stack gap={4}>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {connection.certificate_sha256
                ? t('printers.lanConnection.certificate', {
                    fingerprint: connection.certificate_sha256,
                  })
                : t('printers.lanConnection.noCertificate')}
            </Text>
            <Checkbox
              label={t('printers.lanConnection.forgetCertificate')}
              checked={isForgettingCertificate}
              onChange={(event) => setForgettingCertificate(event.currentTarget.checked)}
            />
          </Stack>
        )}
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={update.isPending}>
            {t('printers.lanConnection.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
