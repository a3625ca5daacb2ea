import {
  Button,
  Checkbox,
  Group,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import {
  CHAT_CHANNEL_EVENTS,
  CHAT_CHANNEL_KINDS,
  type ChatChannelEvent,
  type ChatChannelKind,
} from '@printdeck/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { FormMessage } from '../../../components/FormMessage';
import { useCreateChatChannel } from '../api/chat-channels-api';

const FIELDS = ['kind', 'name', 'url', 'topic', 'token', 'events'];
const PLACEHOLDER: Record<ChatChannelKind, string> = {
  ntfy: 'https://ntfy.sh',
  discord: 'https://discord.com/api/webhooks/…',
  slack: 'https://hooks.slack.com/services/…',
};

/** Adds an ntfy topic, a Discord or a Slack incoming webhook. */
export function ChatChannelCreateForm() {
  const { t } = useTranslation();
  const create = useCreateChatChannel();
  const [kind, setKind] = useState<ChatChannelKind>('ntfy');
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [topic, setTopic] = useState('');
  const [token, setToken] = useState('');
  const [events, setEvents] = useState<ChatChannelEvent[]>(['print_done', 'print_failed']);
  const error = isApiError(create.error) ? create.error : null;
  const fieldError = (field: string) => error?.getFieldErrors(field).join(' ') || undefined;
  const otherError =
    create.error && FIELDS.every((field) => !fieldError(field)) ? create.error.message : null;
  const isNtfy = kind === 'ntfy';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        kind,
        name: name.trim(),
        url: url.trim(),
        events,
        ...(isNtfy ? { topic: topic.trim() } : {}),
        ...(isNtfy && token.trim() ? { token: token.trim() } : {}),
      },
      {
        onSuccess: () => {
          setName('');
          setUrl('');
          setTopic('');
          setToken('');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SegmentedControl
          aria-label={t('chatChannels.kindLabel')}
          value={kind}
          onChange={(value) => setKind(value as ChatChannelKind)}
          data={CHAT_CHANNEL_KINDS.map((value) => ({
            value,
            label: t(`chatChannels.kind.${value}`),
          }))}
        />
        <TextInput
          label={t('chatChannels.name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={fieldError('name')}
        />
        <TextInput
          label={isNtfy ? t('chatChannels.ntfyServer') : t('chatChannels.webhookUrl')}
          description={t(`chatChannels.urlHint.${kind}`)}
          placeholder={PLACEHOLDER[kind]}
          inputMode="url"
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          error={fieldError('url')}
        />
        {isNtfy && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={t('chatChannels.topic')}
              value={topic}
              onChange={(event) => setTopic(event.currentTarget.value)}
              error={fieldError('topic')}
            />
            <PasswordInput
              label={t('chatChannels.token')}
              description={t('chatChannels.tokenHint')}
              value={token}
              onChange={(event) => setToken(event.currentTarget.value)}
              error={fieldError('token')}
            />
          </SimpleGrid>
        )}
        <Checkbox.Group
          label={t('chatChannels.events')}
          value={events}
          onChange={(value) => setEvents(value as ChatChannelEvent[])}
          error={fieldError('events')}
        >
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
            {CHAT_CHANNEL_EVENTS.map((value) => (
              <Checkbox key={value} value={value} label={t(`chatChannels.event.${value}`)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        {otherError && <FormMessage>{otherError}</FormMessage>}
        <Group>
          <Button type="submit" loading={create.isPending}>
            {t('chatChannels.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
