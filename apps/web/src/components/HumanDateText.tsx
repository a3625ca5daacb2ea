import { Text, type TextProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/format-date';
import { toHumanDate } from '../lib/human-date';

/** "5 minutes ago", or D.M.YYYY when older than ten days; the exact time in the tooltip. */
export function HumanDateText({ value, ...props }: TextProps & { value: string }) {
  const { t } = useTranslation();
  const date = toHumanDate(value);
  const text =
    date.kind === 'date'
      ? date.text
      : date.kind === 'seconds'
        ? t('files.date.seconds')
        : t(`files.date.${date.kind}`, { count: date.count });
  return (
    <Text component="time" dateTime={value} title={formatDateTime(value)} {...props}>
      {text}
    </Text>
  );
}
