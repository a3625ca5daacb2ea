import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The printer's own words when it refused the last command sent, where it was typed. */
export function ConsoleRefusal({ refusal }: { refusal: string | null }) {
  const { t } = useTranslation();
  if (refusal === null) return null;
  return (
    <Alert color="red" title={t('printers.errors.refusedTitle')} data-testid="console-refusal">
      {refusal}
    </Alert>
  );
}
