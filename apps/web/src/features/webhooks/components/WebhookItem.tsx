import { Alert, Badge, Button, Collapse, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import type { Webhook, WebhookDelivery } from '@printdeck/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CopyableSecret } from '../../../components/CopyableSecret';
import { FormMessage } from '../../../components/FormMessage';
import {
  useDeleteWebhook,
  useRotateWebhookSecret,
  useSendTestWebhook,
  useUpdateWebhook,
  useWebhookDeliveries,
} from '../api/webhooks-api';
import { DeliveryOutcome, WebhookDeliveries } from './WebhookDeliveries';

/** The test's delivery as the log now knows it: pending at first, then the target's answer. */
function TestResult(props: { workspaceId: number; webhookId: number; sent: WebhookDelivery }) {
  const { t } = useTranslation();
  const deliveries = useWebhookDeliveries(props.workspaceId, props.webhookId);
  const delivery = deliveries.data?.find((item) => item.id === props.sent.id) ?? props.sent;
  return (
    <Group gap="xs" align="flex-start" data-testid="webhook-test-result">
      <Text size="sm">{t('webhooks.testResult')}</Text>
      <DeliveryOutcome delivery={delivery} />
    </Group>
  );
}

/** One webhook: its address and events, on/off, a test, the delivery log and removal. */
export function WebhookItem({ workspaceId, webhook }: { workspaceId: number; webhook: Webhook }) {
  const { t } = useTranslation();
  const update = useUpdateWebhook(workspaceId);
  const remove = useDeleteWebhook(workspaceId);
  const test = useSendTestWebhook(workspaceId, webhook.id);
  const rotate = useRotateWebhookSecret(workspaceId, webhook.id);
  const [isLogOpen, setIsLogOpen] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isConfirmingRotate, setIsConfirmingRotate] = useState(false);
  const failure = update.error ?? remove.error ?? test.error ?? rotate.error;
  const graceUntil =
    webhook.previous_secret_until && Date.parse(webhook.previous_secret_until) > Date.now()
      ? new Date(webhook.previous_secret_until).toLocaleString()
      : null;

  return (
    <Paper withBorder p="sm" component="li" style={{ listStyle: 'none' }}>
      <Stack gap="xs">
        <Text fw={500} style={{ wordBreak: 'break-all' }}>
          {webhook.url}
        </Text>
        <Group gap={4}>
          {webhook.events.map((event) => (
            <Badge key={event} variant="light" size="sm" tt="none">
              {t(`webhooks.event.${event}`)}
            </Badge>
          ))}
        </Group>
        <Switch
          label={t('webhooks.enabled')}
          checked={webhook.is_enabled}
          disabled={update.isPending}
          onChange={(event) =>
            update.mutate({ id: webhook.id, body: { is_enabled: event.currentTarget.checked } })
          }
        />
        <Group gap="xs">
          <Button size="xs" variant="light" loading={test.isPending} onClick={() => test.mutate()}>
            {t('webhooks.sendTest')}
          </Button>
          <Button
            size="xs"
            variant="default"
            aria-expanded={isLogOpen}
            onClick={() => setIsLogOpen((open) => !open)}
          >
            {isLogOpen ? t('webhooks.hideDeliveries') : t('webhooks.showDeliveries')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setIsConfirmingRotate(true)}>
            {t('webhooks.rotate')}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => setIsConfirming(true)}>
            {t('webhooks.delete')}
          </Button>
        </Group>
        {graceUntil && !rotate.data && (
          <Text size="sm" c="dimmed">
            {t('webhooks.graceUntil', { time: graceUntil })}
          </Text>
        )}
        {rotate.data && (
          <Alert color="yellow" title={t('webhooks.rotatedTitle')} role="status">
            <Stack gap="xs">
              <Text size="sm">{t('webhooks.secretShownOnce')}</Text>
              <CopyableSecret value={rotate.data.secret} testId="rotated-webhook-secret" />
              {rotate.data.previous_secret_until && (
                <Text size="sm">
                  {t('webhooks.graceUntil', {
                    time: new Date(rotate.data.previous_secret_until).toLocaleString(),
                  })}
                </Text>
              )}
              <Button
                size="xs"
                variant="default"
                style={{ alignSelf: 'flex-start' }}
                onClick={() => rotate.reset()}
              >
                {t('webhooks.secretSaved')}
              </Button>
            </Stack>
          </Alert>
        )}
        {test.data && (
          <TestResult workspaceId={workspaceId} webhookId={webhook.id} sent={test.data} />
        )}
        {failure && <FormMessage>{failure.message}</FormMessage>}
        <Collapse in={isLogOpen}>
          {isLogOpen && <WebhookDeliveries workspaceId={workspaceId} webhookId={webhook.id} />}
        </Collapse>
      </Stack>
      {isConfirmingRotate && (
        <ConfirmDialog
          title={t('webhooks.rotate')}
          confirmLabel={t('webhooks.rotate')}
          isPending={rotate.isPending}
          onClose={() => setIsConfirmingRotate(false)}
          onConfirm={() =>
            rotate.mutate(undefined, { onSettled: () => setIsConfirmingRotate(false) })
          }
        >
          {t('webhooks.rotateText')}
        </ConfirmDialog>
      )}
      {isConfirming && (
        <ConfirmDialog
          title={t('webhooks.delete')}
          confirmLabel={t('webhooks.delete')}
          isPending={remove.isPending}
          onClose={() => setIsConfirming(false)}
          onConfirm={() => remove.mutate(webhook.id, { onSettled: () => setIsConfirming(false) })}
        >
          {t('webhooks.deleteText', { url: webhook.url })}
        </ConfirmDialog>
      )}
    </Paper>
  );
}
