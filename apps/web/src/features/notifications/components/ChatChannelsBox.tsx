import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useChatChannels } from '../api/chat-channels-api';
import { ChatChannelCreateForm } from './ChatChannelCreateForm';
import { ChatChannelItem } from './ChatChannelItem';

/** My ntfy, Discord and Slack channels: told of events in every workspace I am in. */
export function ChatChannelsBox() {
  const { t } = useTranslation();
  const channels = useChatChannels();
  return (
    <Stack gap="sm" component="section" aria-labelledby="chat-channels-title">
      <Title order={2} size="h4" id="chat-channels-title">
        {t('chatChannels.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('chatChannels.intro')}
      </Text>
      {channels.data?.length === 0 && <Text size="sm">{t('chatChannels.none')}</Text>}
      {channels.data && channels.data.length > 0 && (
        <Stack gap="xs" component="ul" p={0} m={0}>
          {channels.data.map((channel) => (
            <ChatChannelItem key={channel.id} channel={channel} />
          ))}
        </Stack>
      )}
      <Title order={3} size="h5">
        {t('chatChannels.addTitle')}
      </Title>
      <ChatChannelCreateForm />
    </Stack>
  );
}
