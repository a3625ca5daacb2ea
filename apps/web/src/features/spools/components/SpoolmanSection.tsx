import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormMessage } from '../../../components/FormMessage';
import { HumanDateText } from '../../../components/HumanDateText';
import { SectionCard } from '../../../components/SectionCard';
import {
  useConnectSpoolman,
  useDisconnectSpoolman,
  useSpoolman,
  useSyncSpoolman,
} from '../api/spoolman';

/**
 * Settings of one workspace → Spoolman (issue 26): connect a Spoolman server whose spools
 * replace the built-in inventory; the server checks the address before saving anything.
 */
export function SpoolmanSection({ workspaceId }: { workspaceId: number }) {
  const { t } = useTranslation();
  const status = useSpoolman(workspaceId);
  const connection = status.data?.connection ?? null;
  return (
    <SectionCard title={t('spoolman.title')}>
      <Text size="sm" c="dimmed">
        {t('spoolman.intro')}
      </Text>
      {status.isError && <FormMessage>{status.error.message}</FormMessage>}
      {connection && <SpoolmanStatusView workspaceId={workspaceId} connection={connection} />}
      {status.data && !connection && <SpoolmanConnectForm workspaceId={workspaceId} />}
    </SectionCard>
  );
}

function SpoolmanStatusView({
  workspaceId,
  connection,
}: {
  workspaceId: number;
  connection: NonNullable<ReturnType<typeof useSpoolman>['data']>['connection'] & object;
}) {
  const { t } = useTranslation();
  const sync = useSyncSpoolman(workspaceId);
  const disconnect = useDisconnectSpoolman(workspaceId);
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <Stack gap="xs" data-testid="spoolman-connected">
      <Text size="sm">
        {t('spoolman.connectedTo', { url: connection.url, version: connection.version })}
      </Text>
      {connection.synced_on && (
        <Group gap={4}>
          <Text size="sm">{t('spoolman.syncedOn')}</Text>
          <HumanDateText size="sm" value={connection.synced_on} />
        </Group>
      )}
      {connection.sync_error && (
        <Alert color="orange" title={t('spoolman.syncFailed')}>
          {connection.sync_error}
        </Alert>
      )}
      {connection.pending_usage_count > 0 && (
        <Text size="sm" c="orange">
          {t('spoolman.pendingUsage', { count: connection.pending_usage_count })}
        </Text>
      )}
      {sync.error && <FormMessage>{sync.error.message}</FormMessage>}
      <Group>
        <Button variant="default" loading={sync.isPending} onClick={() => sync.mutate()}>
          {t('spoolman.syncNow')}
        </Button>
        <Button variant="subtle" color="red" onClick={() => setIsConfirming(true)}>
          {t('spoolman.disconnect')}
        </Button>
      </Group>
      {isConfirming && (
        <ConfirmDialog
          title={t('spoolman.disconnectTitle')}
          confirmLabel={t('spoolman.disconnect')}
          isPending={disconnect.isPending}
          onClose={() => setIsConfirming(false)}
          onConfirm={() =>
            disconnect.mutate(undefined, { onSuccess: () => setIsConfirming(false) })
          }
        >
          {t('spoolman.disconnectQuestion')}
        </ConfirmDialog>
      )}
    </Stack>
  );
}

const FIELDS = ['url', 'token'];

function SpoolmanConnectForm({ workspaceId }: { workspaceId: number }) {
  const { t } = useTranslation();
  const connect = useConnectSpoolman(workspaceId);
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const error = isApiError(connect.error) ? connect.error : null;
  const fieldError = (field: string) => error?.getFieldErrors(field).join(' ') || undefined;
  const otherError =
    connect.error && FIELDS.every((field) => !fieldError(field)) ? connect.error.message : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    connect.mutate({ url: url.trim(), token: token.trim() || null });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('spoolman.url')}
          description={t('spoolman.urlHint')}
          placeholder="http://spoolman.lan:7912"
          inputMode="url"
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          error={fieldError('url')}
        />
        <PasswordInput
          label={t('spoolman.token')}
          description={t('spoolman.tokenHint')}
          value={token}
          onChange={(event) => setToken(event.currentTarget.value)}
          error={fieldError('token')}
        />
        {otherError && <FormMessage>{otherError}</FormMessage>}
        <Group>
          <Button type="submit" loading={connect.isPending}>
            {t('spoolman.connect')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
