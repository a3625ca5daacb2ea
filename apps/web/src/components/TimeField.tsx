import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTimeText } from '../lib/date-field-text';

interface TimeFieldProps {
  label: string;
  /** `HH:mm`, or '' while the text typed is not a time */
  value: string;
  onChange: (time: string) => void;
  error?: string;
}

/**
 * A time of day on the 24-hour clock in both languages (spec part 2 §9: HH:mm:ss). A native time
 * input would show AM/PM in an English browser, even on a Czech page.
 */
export function TimeField({ label, value, onChange, error }: TimeFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  const [isTouched, setIsTouched] = useState(false);
  if (value !== shownValue) {
    setShownValue(value);
    if (value !== '' && parseTimeText(text) !== value) setText(value);
  }
  const isUnreadable = isTouched && text.trim() !== '' && parseTimeText(text) === null;

  return (
    <TextInput
      label={label}
      value={text}
      placeholder={t('dateField.timePlaceholder')}
      autoComplete="off"
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        onChange(parseTimeText(next) ?? '');
      }}
      onBlur={() => setIsTouched(true)}
      error={isUnreadable ? t('dateField.unreadableTime') : error}
    />
  );
}
