import { PasswordInput, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface NewPasswordFieldsProps {
  email: string;
  password: string;
  confirmation: string;
  onPasswordChange(value: string): void;
  onConfirmationChange(value: string): void;
}

/** The account's e-mail (read only) and a new password typed twice, as password managers expect. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput label={t('auth.email')} value={props.email} autoComplete="username" readOnly />
      <PasswordInput
        label={t('auth.password')}
        autoComplete="new-password"
        value={props.password}
        onChange={(event) => props.onPasswordChange(event.currentTarget.value)}
      />
      <PasswordInput
        label={t('auth.passwordConfirm')}
        autoComplete="new-password"
        value={props.confirmation}
        onChange={(event) => props.onConfirmationChange(event.currentTarget.value)}
      />
    </>
  );
}
