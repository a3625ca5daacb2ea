import { Group, Text } from '@mantine/core';
import { RELEASE_ENVIRONMENT, RELEASE_VERSION } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';

export function Footer() {
  const { t } = useTranslation();
  return (
    <Group component="footer" justify="center" gap="xs" py="lg" c="dimmed">
      <Text size="xs">{t('footer.copyright', { year: new Date().getFullYear() })}</Text>
      <Text size="xs" aria-hidden>
        ·
      </Text>
      <Text size="xs">
        {t('footer.version', { version: RELEASE_VERSION, environment: RELEASE_ENVIRONMENT })}
      </Text>
    </Group>
  );
}
