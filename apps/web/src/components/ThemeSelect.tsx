import { useMantineColorScheme } from '@mantine/core';
import { THEMES } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from './ChoiceGroup';

export function ThemeSelect() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <ChoiceGroup
      label={t('theme.label')}
      value={colorScheme}
      options={THEMES.map((theme) => ({ value: theme, label: t(`theme.${theme}`) }))}
      onChange={setColorScheme}
    />
  );
}
