import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { FormMessage } from '../../../components/FormMessage';
import { SCREEN_PATHS } from '../../../config/screens';
import { useCreateToken } from '../../../shared/auth/api/create-token';
import { getLoginErrorMessage } from '../../../shared/auth/auth-messages';
import { AuthCard } from '../../../shared/auth/components/AuthCard';
import type { LoginLocationState } from '../../../shared/auth/login-location-state';
import { OneTimeCodeInput } from '../../../components/OneTimeCodeInput';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as LoginLocationState;
  const [email, setEmail] = useState(state.email ?? '');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [isAskingCode, setIsAskingCode] = useState(false);
  const login = useCreateToken();
  const errorMessage = getLoginErrorMessage(login.error, t);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { username: email, password, ...(isAskingCode && otp ? { otp } : {}) },
      {
        onSuccess: () =>
          state.returnTo
            ? navigate(
                { pathname: state.returnTo.pathname, search: state.returnTo.search },
                { replace: true, state: state.returnTo.state },
              )
            : navigate(SCREEN_PATHS.dashboard, { replace: true }),
        onError: (error) => {
          if (isApiError(error) && error.code === 'otp_required') setIsAskingCode(true);
        },
      },
    );
  };

  return (
    <AuthCard
      title={t('auth.login.title')}
      footer={
        <>
          {t('auth.login.noAccount')}{' '}
          <Anchor component={Link} to={SCREEN_PATHS.registration} size="sm">
            {t('auth.login.register')}
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {state.message && !login.isError && (
            <FormMessage kind="success">{state.message}</FormMessage>
          )}
          {errorMessage && <FormMessage>{errorMessage}</FormMessage>}
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <PasswordInput
            label={t('auth.password')}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          {isAskingCode && (
            <OneTimeCodeInput
              description={t('security.twoFactor.codeHint')}
              autoFocus
              value={otp}
              onChange={setOtp}
            />
          )}
          <Group justify="space-between" mt="xs">
            <Anchor component={Link} to={SCREEN_PATHS.passwordReset} size="sm">
              {t('auth.login.forgotPassword')}
            </Anchor>
            <Button type="submit" loading={login.isPending}>
              {t('auth.login.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
