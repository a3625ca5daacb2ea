import { List, Text } from '@mantine/core';
import type { TestNotificationResult } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';

/** What "Send test notification" did, channel by channel. */
export function TestResult({ result }: { result: TestNotificationResult }) {
  const { t } = useTranslation();
  const lines = [
    result.email !== 'disabled' && t(`notifications.testResult.email.${result.email}`),
    result.telegram !== 'disabled' && t(`notifications.testResult.telegram.${result.telegram}`),
    result.push !== 'not_subscribed' && t(`notifications.testResult.push.${result.push}`),
  ].filter((line): line is string => Boolean(line));
  return (
    <div role="status" aria-label={t('notifications.testResult.title')}>
      <Text size="sm" fw={600}>
        {t('notifications.testResult.title')}
      </Text>
      <List size="sm">
        {lines.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    </div>
  );
}
