import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PageLoader({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Center mih="40vh" role="status">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text size="sm" c="dimmed">
          {label ?? t('app.loading')}
        </Text>
      </Stack>
    </Center>
  );
}
