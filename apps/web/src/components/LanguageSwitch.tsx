import { Button } from '@mantine/core';
import { LOCALES } from '@printdeck/shared';
import { IconLanguage } from '@tabler/icons-react';
import { LANGUAGE_NAMES, useLanguage } from '../i18n/i18n';

/**
 * The compact language choice of pages without Settings (sign-in, registration): a button
 * per other language, named in that language. Plain buttons keep the sign-in page light.
 */
export function LanguageSwitch() {
  const { language, setLanguage } = useLanguage();
  return LOCALES.filter((locale) => locale !== language).map((locale) => (
    <Button
      key={locale}
      lang={locale}
      variant="subtle"
      color="gray"
      size="compact-sm"
      leftSection={<IconLanguage size={16} stroke={1.6} aria-hidden />}
      onClick={() => setLanguage(locale)}
    >
      {LANGUAGE_NAMES[locale]}
    </Button>
  ));
}
