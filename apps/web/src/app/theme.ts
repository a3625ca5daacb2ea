import { createTheme, localStorageColorSchemeManager } from '@mantine/core';

export const THEME_KEY = 'printdeck.theme';

/** Stores auto, dark or light; with nothing stored Mantine follows the system preference. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: THEME_KEY });

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
});
