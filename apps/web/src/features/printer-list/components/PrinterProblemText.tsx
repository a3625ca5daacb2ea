import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PrinterView } from '../../../shared/printers/model/printer-view';
import { getProblemText } from '../../../shared/printers/components/problem-text';

/** The device's word on what is wrong, on the card, in red under the state. */
export function PrinterProblemText({ view }: { view: PrinterView }) {
  const { t } = useTranslation();
  if (!view.problem) return null;
  return (
    <Text size="sm" c="red" fw={500} lineClamp={3} data-testid="printer-problem">
      {getProblemText(view, t)}
    </Text>
  );
}
