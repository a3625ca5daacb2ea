import { Badge, Code, Loader, Stack, Table, Text } from '@mantine/core';
import type { WebhookDelivery } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../components/FormMessage';
import { formatDateTime } from '../../../lib/format-date';
import { useWebhookDeliveries } from '../api/webhooks-api';

const STATE_COLORS: Record<WebhookDelivery['state'], string> = {
  pending: 'gray',
  sending: 'blue',
  sent: 'teal',
  failed: 'red',
};

/** The state and, once answered, the HTTP status or the error of one delivery. */
export function DeliveryOutcome({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Badge color={STATE_COLORS[delivery.state]} variant="light" style={{ alignSelf: 'start' }}>
        {t(`webhooks.state.${delivery.state}`)}
        {delivery.last_status !== null && ` · ${delivery.last_status}`}
      </Badge>
      {delivery.last_error && (
        <Text size="xs" c="red" style={{ wordBreak: 'break-word' }}>
          {delivery.last_error}
        </Text>
      )}
      {delivery.last_response && (
        <Code block style={{ maxHeight: 120, overflow: 'auto', whiteSpace: 'pre-wrap' }}>
          {delivery.last_response}
        </Code>
      )}
    </Stack>
  );
}

/** The webhook's last 50 deliveries, newest first, with the target's answers. */
export function WebhookDeliveries(props: { workspaceId: number; webhookId: number }) {
  const { t } = useTranslation();
  const deliveries = useWebhookDeliveries(props.workspaceId, props.webhookId);
  if (deliveries.isPending) return <Loader size="sm" />;
  if (deliveries.isError) return <FormMessage>{deliveries.error.message}</FormMessage>;
  if (deliveries.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('webhooks.noDeliveries')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('webhooks.time')}</Table.Th>
            <Table.Th>{t('webhooks.event.label')}</Table.Th>
            <Table.Th>{t('webhooks.answer')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.data.map((delivery) => (
            <Table.Tr key={delivery.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(delivery.attempted_on ?? delivery.created_on)}
              </Table.Td>
              <Table.Td>{delivery.event}</Table.Td>
              <Table.Td>
                <DeliveryOutcome delivery={delivery} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
