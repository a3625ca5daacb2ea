import { ActionIcon, TextInput } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDayText, parseDayText } from '../lib/date-field-text';

interface DateFieldProps {
  label: string;
  /** `YYYY-MM-DD`, or '' while the text typed is not a day */
  value: string;
  onChange: (isoDay: string) => void;
  error?: string;
}

/**
 * A day written D.M.YYYY in both languages (spec part 2 §9). A native date input would follow the
 * browser's own language (11/27/2026 on a Czech page in an English browser); the calendar button
 * still opens the browser's own picker, whose grid reads the same in any language.
 */
export function DateField({ label, value, onChange, error }: DateFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => formatDayText(value));
  const [shownValue, setShownValue] = useState(value);
  const [isTouched, setIsTouched] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  if (value !== shownValue) {
    // a value set from outside (the picker, a reset) replaces the text; '' keeps what is typed
    setShownValue(value);
    if (value !== '' && parseDayText(text) !== value) setText(formatDayText(value));
  }
  const isUnreadable = isTouched && text.trim() !== '' && parseDayText(text) === null;

  const type = (next: string) => {
    setText(next);
    onChange(parseDayText(next) ?? '');
  };
  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    if (typeof input.showPicker === 'function') input.showPicker();
    else input.click();
  };

  return (
    <TextInput
      label={label}
      value={text}
      placeholder={t('dateField.dayPlaceholder')}
      autoComplete="off"
      onChange={(event) => type(event.currentTarget.value)}
      onBlur={() => setIsTouched(true)}
      error={isUnreadable ? t('dateField.unreadableDay') : error}
      rightSection={
        <>
          <ActionIcon variant="subtle" aria-label={t('dateField.pickDay')} onClick={openPicker}>
            <IconCalendar size={16} aria-hidden />
          </ActionIcon>
          <input
            ref={picker}
            type="date"
            tabIndex={-1}
            aria-hidden
            value={value}
            onChange={(event) => type(formatDayText(event.currentTarget.value))}
            style={{ position: 'absolute', width: 0, height: 0, opacity: 0, border: 0 }}
          />
        </>
      }
    />
  );
}
