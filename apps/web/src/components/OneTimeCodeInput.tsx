import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type OneTimeCodeInputProps = Omit<TextInputProps, 'onChange' | 'label'> & {
  value: string;
  onChange: (value: string) => void;
};

/** The authenticator's code, as every two-factor prompt asks for it. */
export function OneTimeCodeInput({ onChange, ...props }: OneTimeCodeInputProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('security.twoFactor.code')}
      autoComplete="one-time-code"
      inputMode="numeric"
      {...props}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
