import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface LogoProps {
  to: string;
  /** the mark only, for narrow bars */
  isCompact?: boolean;
}

export function Logo({ to, isCompact = false }: LogoProps) {
  const { t } = useTranslation();
  return (
    <UnstyledButton component={Link} to={to} aria-label={t('app.home')}>
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size={32} radius="md" variant="filled" aria-hidden>
          <IconPrinter size={20} stroke={1.8} />
        </ThemeIcon>
        {!isCompact && (
          <Text fw={700} size="lg" aria-hidden>
            {t('app.name')}
          </Text>
        )}
      </Group>
    </UnstyledButton>
  );
}
