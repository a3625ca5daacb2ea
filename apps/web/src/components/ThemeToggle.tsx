import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Flips between dark and light from whatever shows now; Appearance offers auto again. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const Icon = computed === 'dark' ? IconSun : IconMoon;
  return (
    <ActionIcon
      data-testid="theme-toggle"
      variant="default"
      size="lg"
      aria-label={t('theme.toggle')}
      onClick={() => setColorScheme(computed === 'dark' ? 'light' : 'dark')}
    >
      <Icon size={18} stroke={1.6} />
    </ActionIcon>
  );
}
