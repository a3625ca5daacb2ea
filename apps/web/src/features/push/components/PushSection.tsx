import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../components/FormMessage';
import {
  isPushSupported,
  useBrowserPushSubscription,
  useSetBrowserPush,
} from '../api/browser-push';
import { usePushConfig } from '../api/get-push-config';

/** Settings → Account: browser notifications of print done and failed, opted in per browser. */
export function PushSection() {
  const titleId = useId();
  const { t } = useTranslation();
  const config = usePushConfig();
  const subscription = useBrowserPushSubscription();
  const setPush = useSetBrowserPush();
  const isSupported = isPushSupported();
  const isOn = Boolean(subscription.data);

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {t('push.title')}
      </Title>
      <Stack gap="sm">
        {!isSupported ? (
          <Text size="sm">{t('push.unsupported')}</Text>
        ) : (
          <Group justify="space-between">
            <Text size="sm">{isOn ? t('push.on') : t('push.off')}</Text>
            <Button
              variant={isOn ? 'default' : 'light'}
              loading={setPush.isPending}
              disabled={!config.data}
              onClick={() =>
                setPush.mutate(
                  isOn ? { on: false } : { on: true, publicKey: config.data!.public_key },
                )
              }
            >
              {isOn ? t('push.turnOff') : t('push.turnOn')}
            </Button>
          </Group>
        )}
        {setPush.isError && (
          <FormMessage>
            {setPush.error.message === 'permission_denied'
              ? t('push.permissionDenied')
              : setPush.error.message === 'push_unreachable'
                ? t('push.unreachable')
                : setPush.error.message}
          </FormMessage>
        )}
      </Stack>
    </Stack>
  );
}
