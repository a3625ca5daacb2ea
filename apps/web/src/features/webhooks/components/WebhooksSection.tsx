import { Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../components/FormMessage';
import { SectionCard } from '../../../components/SectionCard';
import { useWebhooks } from '../api/webhooks-api';
import { WebhookCreateForm } from './WebhookCreateForm';
import { WebhookItem } from './WebhookItem';

/** Settings of one workspace → Webhooks: for those who may change the workspace (issue 28). */
export function WebhooksSection({ workspaceId }: { workspaceId: number }) {
  const { t } = useTranslation();
  const webhooks = useWebhooks(workspaceId);
  return (
    <SectionCard title={t('webhooks.title')}>
      <Text size="sm" c="dimmed">
        {t('webhooks.intro')}
      </Text>
      {webhooks.isPending && <Loader size="sm" />}
      {webhooks.isError && <FormMessage>{webhooks.error.message}</FormMessage>}
      {webhooks.data?.length === 0 && <Text size="sm">{t('webhooks.none')}</Text>}
      {webhooks.data && webhooks.data.length > 0 && (
        <Stack gap="xs" component="ul" p={0} m={0} aria-label={t('webhooks.title')}>
          {webhooks.data.map((webhook) => (
            <WebhookItem key={webhook.id} workspaceId={workspaceId} webhook={webhook} />
          ))}
        </Stack>
      )}
      <Title order={3} size="h5">
        {t('webhooks.addTitle')}
      </Title>
      <WebhookCreateForm workspaceId={workspaceId} />
    </SectionCard>
  );
}
