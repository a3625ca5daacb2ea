import { Badge, Group, Loader, Stack, Table, Text } from '@mantine/core';
import type { HomeAssistantStatus } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../components/FormMessage';
import { SectionCard } from '../../../components/SectionCard';
import { formatDateTime } from '../../../lib/format-date';
import { useHomeAssistantStatus } from '../api/home-assistant-api';

const STATE_COLORS: Record<HomeAssistantStatus['state'], string> = {
  off: 'gray',
  not_included: 'gray',
  connected: 'teal',
  disconnected: 'red',
  standby: 'blue',
  key_rejected: 'orange',
};

/** Settings of one workspace → Home Assistant: how the MQTT bridge is doing (issue 28). */
export function HomeAssistantSection({ workspaceId }: { workspaceId: number }) {
  const { t } = useTranslation();
  const status = useHomeAssistantStatus(workspaceId);
  return (
    <SectionCard title={t('homeAssistant.title')}>
      <Text size="sm" c="dimmed">
        {t('homeAssistant.intro')}
      </Text>
      {status.isPending && <Loader size="sm" />}
      {status.isError && <FormMessage>{status.error.message}</FormMessage>}
      {status.data && <StatusFigures status={status.data} />}
    </SectionCard>
  );
}

function StatusFigures({ status }: { status: HomeAssistantStatus }) {
  const { t } = useTranslation();
  const isRunning = status.state !== 'off' && status.state !== 'not_included';
  return (
    <Stack gap="xs" data-testid="home-assistant-status">
      <Group gap="xs">
        <Badge color={STATE_COLORS[status.state]} data-testid="home-assistant-state">
          {t(`homeAssistant.states.${status.state}`)}
        </Badge>
        <Text size="sm">{t(`homeAssistant.explanations.${status.state}`)}</Text>
      </Group>
      {isRunning && (
        <Table withRowBorders={false} verticalSpacing={4} fz="sm">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th>{t('homeAssistant.broker')}</Table.Th>
              <Table.Td data-testid="home-assistant-broker">{status.broker}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('homeAssistant.printers')}</Table.Th>
              <Table.Td>{status.printers}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('homeAssistant.discoveryTopics')}</Table.Th>
              <Table.Td data-testid="home-assistant-discovery">{status.discovery_topics}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('homeAssistant.messagesPublished')}</Table.Th>
              <Table.Td data-testid="home-assistant-published">
                {status.messages_published}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('homeAssistant.lastError')}</Table.Th>
              <Table.Td data-testid="home-assistant-last-error">
                {status.last_error
                  ? `${formatDateTime(status.last_error.at)}: ${status.last_error.message}`
                  : t('homeAssistant.noError')}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
