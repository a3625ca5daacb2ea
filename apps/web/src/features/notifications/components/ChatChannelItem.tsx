import { Badge, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import type { ChatChannel } from '@printdeck/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormMessage } from '../../../components/FormMessage';
import {
  useDeleteChatChannel,
  useTestChatChannel,
  useUpdateChatChannel,
} from '../api/chat-channels-api';

/** One ntfy, Discord or Slack channel: what it hears, on/off, a test and removal. */
export function ChatChannelItem({ channel }: { channel: ChatChannel }) {
  const { t } = useTranslation();
  const update = useUpdateChatChannel();
  const remove = useDeleteChatChannel();
  const test = useTestChatChannel();
  const [isConfirming, setIsConfirming] = useState(false);
  const failure = update.error ?? remove.error ?? test.error;
  return (
    <Paper withBorder p="sm" component="li" style={{ listStyle: 'none' }}>
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          <Badge variant="outline" size="sm">
            {t(`chatChannels.kind.${channel.kind}`)}
          </Badge>
          <Text fw={500} style={{ wordBreak: 'break-word' }}>
            {channel.name}
          </Text>
        </Group>
        <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {channel.topic ? `${channel.url} → ${channel.topic}` : channel.url}
        </Text>
        <Group gap={4}>
          {channel.events.map((event) => (
            <Badge key={event} variant="light" size="sm" tt="none">
              {t(`chatChannels.event.${event}`)}
            </Badge>
          ))}
        </Group>
        <Switch
          label={t('chatChannels.enabled')}
          checked={channel.is_enabled}
          disabled={update.isPending}
          onChange={(event) =>
            update.mutate({ id: channel.id, body: { is_enabled: event.currentTarget.checked } })
          }
        />
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            loading={test.isPending}
            onClick={() => test.mutate(channel.id)}
          >
            {t('chatChannels.sendTest')}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => setIsConfirming(true)}>
            {t('chatChannels.delete')}
          </Button>
        </Group>
        {test.data && (
          <Text
            size="sm"
            role="status"
            c={test.data.result === 'sent' ? 'teal' : 'red'}
            data-testid="chat-test-result"
          >
            {test.data.result === 'sent'
              ? t('chatChannels.testSent')
              : t('chatChannels.testFailed', { reason: test.data.message })}
          </Text>
        )}
        {failure && <FormMessage>{failure.message}</FormMessage>}
      </Stack>
      {isConfirming && (
        <ConfirmDialog
          title={t('chatChannels.delete')}
          confirmLabel={t('chatChannels.delete')}
          isPending={remove.isPending}
          onClose={() => setIsConfirming(false)}
          onConfirm={() => remove.mutate(channel.id, { onSettled: () => setIsConfirming(false) })}
        >
          {t('chatChannels.deleteText', { name: channel.name })}
        </ConfirmDialog>
      )}
    </Paper>
  );
}
