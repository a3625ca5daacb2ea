import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../components/FormMessage';
import { useCreateTelegramLinkCode } from '../api/create-telegram-link-code';
import { useTelegramStatus } from '../api/get-telegram-status';
import { useRegisterTelegram } from '../api/register-telegram';
import { useUnlinkTelegram } from '../api/unlink-telegram';
import { TelegramLoginWidget } from './TelegramLoginWidget';

/** Settings → Account: link Telegram with the Login Widget or the bot's deep link, or unlink. */
export function TelegramSection() {
  const titleId = useId();
  const { t, i18n } = useTranslation();
  const linkCode = useCreateTelegramLinkCode();
  // While a deep link is out, look for the bot's link now and then.
  const status = useTelegramStatus(linkCode.data ? 3000 : false);
  const register = useRegisterTelegram();
  const unlink = useUnlinkTelegram();
  if (!status.data) return null;
  const { bot_name: botName, link } = status.data;

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {t('telegram.title')}
      </Title>
      <Stack gap="sm">
        {!botName ? (
          <FormMessage title={t('telegram.notConfiguredTitle')}>
            {t('telegram.notConfigured')}
          </FormMessage>
        ) : link ? (
          <Group justify="space-between">
            <Text>
              {link.username
                ? t('telegram.linkedAs', { username: link.username })
                : t('telegram.linked')}
            </Text>
            <Button variant="default" loading={unlink.isPending} onClick={() => unlink.mutate()}>
              {t('telegram.unlink')}
            </Button>
          </Group>
        ) : (
          <>
            <Text size="sm">{t('telegram.explain')}</Text>
            <TelegramLoginWidget
              botName={botName}
              language={i18n.language}
              onAuth={(user) => register.mutate(user)}
            />
            <Text size="sm" c="dimmed">
              {t('telegram.deepLinkExplain')}
            </Text>
            {linkCode.data ? (
              <Group>
                <Text size="sm">
                  <Anchor href={linkCode.data.url} target="_blank" rel="noreferrer">
                    {t('telegram.openBot', { bot: botName })}
                  </Anchor>{' '}
                  {t('telegram.deepLinkValid')}
                </Text>
                <Button variant="subtle" onClick={() => void status.refetch()}>
                  {t('telegram.checkLink')}
                </Button>
              </Group>
            ) : (
              <Group>
                <Button
                  variant="light"
                  loading={linkCode.isPending}
                  onClick={() => linkCode.mutate()}
                >
                  {t('telegram.createDeepLink')}
                </Button>
              </Group>
            )}
          </>
        )}
        {register.isError && <FormMessage>{register.error.message}</FormMessage>}
        {unlink.isError && <FormMessage>{unlink.error.message}</FormMessage>}
        {linkCode.isError && <FormMessage>{linkCode.error.message}</FormMessage>}
      </Stack>
    </Stack>
  );
}
