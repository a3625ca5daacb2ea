import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@printdeck/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { CopyableSecret } from '../../../components/CopyableSecret';
import { FormMessage } from '../../../components/FormMessage';
import { useCreateWebhook } from '../api/webhooks-api';

const FIELDS = ['url', 'events'];

/** An address and the events it hears; the signing secret appears once below. */
export function WebhookCreateForm({ workspaceId }: { workspaceId: number }) {
  const { t } = useTranslation();
  const create = useCreateWebhook(workspaceId);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const error = isApiError(create.error) ? create.error : null;
  const fieldError = (field: string) => error?.getFieldErrors(field).join(' ') || undefined;
  const otherError =
    create.error && FIELDS.every((field) => !fieldError(field)) ? create.error.message : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: () => {
          setUrl('');
          setEvents([]);
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('webhooks.url')}
            description={t('webhooks.urlHint')}
            placeholder="https://example.com/printdeck"
            inputMode="url"
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            error={fieldError('url')}
          />
          <Checkbox.Group
            label={t('webhooks.events')}
            value={events}
            onChange={(value) => setEvents(value as WebhookEvent[])}
            error={fieldError('events')}
          >
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
              {WEBHOOK_EVENTS.map((name) => (
                <Checkbox key={name} value={name} label={t(`webhooks.event.${name}`)} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          {otherError && <FormMessage>{otherError}</FormMessage>}
          <Group>
            <Button type="submit" loading={create.isPending}>
              {t('webhooks.add')}
            </Button>
          </Group>
        </Stack>
      </form>
      {create.data && (
        <Alert color="yellow" title={t('webhooks.createdTitle')} role="status">
          <Stack gap="xs">
            <Text size="sm">{t('webhooks.secretShownOnce')}</Text>
            <CopyableSecret value={create.data.secret} testId="new-webhook-secret" />
            <Button
              size="xs"
              variant="default"
              style={{ alignSelf: 'flex-start' }}
              onClick={() => create.reset()}
            >
              {t('webhooks.secretSaved')}
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
