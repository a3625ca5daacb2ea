import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Radio,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { API_KEY_NAME_MAX, DEFAULT_API_KEY_SCOPE, type ApiKeyScope } from '@printdeck/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormMessage } from '../../../components/FormMessage';
import { SCREEN_PATHS } from '../../../config/screens';
import { useMe } from '../../../shared/account/api/get-me';
import { isReauthRequired } from '../../../shared/reauth/api/reauthenticate';
import { ReauthDialog } from '../../../shared/reauth/components/ReauthDialog';
import { useMyWorkspaces } from '../../../shared/workspaces/api/get-my-workspaces';
import { useCreateApiKey } from '../api/create-api-key';
import { listScopeInfos, resolveApiKeyName } from '../api-key-scopes';

/** A name and, behind "Advanced", the scope; the key appears once below, with the way back. */
export function ApiKeyCreateForm() {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const { data: me } = useMe();
  const workspaces = useMyWorkspaces();
  const [name, setName] = useState('');
  const [isAdvanced, setIsAdvanced] = useState(false);
  const [scope, setScope] = useState<ApiKeyScope>(DEFAULT_API_KEY_SCOPE);
  const [workspace, setWorkspace] = useState<string | null>(null);
  const [isReauthOpen, setIsReauthOpen] = useState(false);

  const send = () =>
    create.mutate(
      {
        name: resolveApiKeyName(name, new Date()),
        scope,
        workspace: workspace ? Number(workspace) : null,
      },
      {
        onSuccess: () => setName(''),
        // a while after sign-in, creating a key asks for the password again (C05)
        onError: (error) => {
          if (isReauthRequired(error)) setIsReauthOpen(true);
        },
      },
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  return (
    <Stack gap="sm">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('apiKeys.name')}
            description={t('apiKeys.nameHint')}
            maxLength={API_KEY_NAME_MAX}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Switch
            label={t('apiKeys.advanced')}
            checked={isAdvanced}
            onChange={(event) => setIsAdvanced(event.currentTarget.checked)}
          />
          {isAdvanced && (
            <Radio.Group
              label={t('apiKeys.scope')}
              value={scope}
              onChange={(value) => setScope(value as ApiKeyScope)}
            >
              <Stack gap="xs" mt="xs">
                {listScopeInfos().map((info) => (
                  <Radio
                    key={info.scope}
                    value={info.scope}
                    label={t(info.labelKey)}
                    description={t(info.descriptionKey)}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
          {isAdvanced && (
            <Select
              label={t('security.apiKeys.workspace')}
              description={t('security.apiKeys.workspaceHint')}
              placeholder={t('security.apiKeys.allWorkspaces')}
              clearable
              data={workspaces.map((w) => ({ value: String(w.id), label: w.name }))}
              value={workspace}
              onChange={setWorkspace}
            />
          )}
          {create.isError && !isReauthRequired(create.error) && (
            <FormMessage>{create.error.message}</FormMessage>
          )}
          {isReauthOpen && (
            <ReauthDialog
              hasTwoFactor={me?.two_factor_enabled ?? false}
              onClose={() => setIsReauthOpen(false)}
              onDone={() => {
                setIsReauthOpen(false);
                send();
              }}
            />
          )}
          <Group>
            <Button type="submit" loading={create.isPending}>
              {t('apiKeys.create')}
            </Button>
          </Group>
        </Stack>
      </form>
      {create.data && (
        <Alert color="yellow" title={t('apiKeys.createdTitle')} role="status">
          <Stack gap="xs">
            <Text size="sm">{t('apiKeys.shownOnce')}</Text>
            <Group gap="xs" wrap="nowrap">
              <Code data-testid="new-api-key" style={{ wordBreak: 'break-all' }}>
                {create.data.key}
              </Code>
              <CopyButton value={create.data.key}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy}>
                    {copied ? t('apiKeys.copied') : t('apiKeys.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Button
              component={Link}
              to={SCREEN_PATHS.settingsApiTokens}
              variant="default"
              style={{ alignSelf: 'flex-start' }}
            >
              {t('apiKeys.backToList')}
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
