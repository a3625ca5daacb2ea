import { Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { FormMessage } from '../../../components/FormMessage';
import { useChangePassword } from '../api/change-password';
import { OneTimeCodeInput } from '../../../components/OneTimeCodeInput';

/** Settings → Account → Change password: the current one first (checklist C05). */
export function ChangePasswordSection({
  email,
  hasTwoFactor,
}: {
  email: string;
  hasTwoFactor: boolean;
}) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [otp, setOtp] = useState('');
  const [mismatch, setMismatch] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const isMismatch = next !== confirmation;
    setMismatch(isMismatch);
    if (isMismatch || !current || !next) return;
    change.mutate(
      { current_password: current, new_password: next, ...(hasTwoFactor && otp ? { otp } : {}) },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setConfirmation('');
          setOtp('');
          notifications.show({ color: 'teal', message: t('security.password.changed') });
        },
      },
    );
  };
  const error = change.error;
  const serverError = (field: string) =>
    isApiError(error) ? error.getFieldErrors(field).join(' ') : '';
  const currentError = serverError('current_password')
    ? t('security.password.wrongCurrent')
    : undefined;
  const newError = serverError('new_password')
    ? t('security.password.invalid', { details: serverError('new_password') })
    : undefined;
  const codeError = serverError('otp') ? t('security.twoFactor.codeInvalid') : undefined;
  const otherError =
    error && !currentError && !newError && !codeError
      ? isApiError(error) && error.status === 429
        ? t('security.password.tooMany')
        : error.message
      : null;

  return (
    <Stack gap="sm" component="section" aria-labelledby="password-title">
      <Title order={2} size="h4" id="password-title">
        {t('security.password.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('security.password.description')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={420}>
          {otherError && <FormMessage>{otherError}</FormMessage>}
          <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
          <PasswordInput
            label={t('security.password.current')}
            autoComplete="current-password"
            value={current}
            error={currentError}
            onChange={(event) => setCurrent(event.currentTarget.value)}
          />
          <PasswordInput
            label={t('security.password.new')}
            autoComplete="new-password"
            value={next}
            error={newError}
            onChange={(event) => setNext(event.currentTarget.value)}
          />
          <PasswordInput
            label={t('security.password.confirm')}
            autoComplete="new-password"
            value={confirmation}
            error={mismatch ? t('security.password.mismatch') : undefined}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
          />
          {hasTwoFactor && <OneTimeCodeInput value={otp} error={codeError} onChange={setOtp} />}
          <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('security.password.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
