import { Button, Stack } from '@mantine/core';
import type { MailTokenPurpose } from '@printdeck/shared';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormMessage } from '../../../components/FormMessage';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { SCREEN_PATHS } from '../../../config/screens';
import {
  getNewPasswordErrorMessage,
  isInvalidTokenError,
  validateNewPassword,
} from '../../../shared/auth/auth-messages';
import { readMailToken } from '../mail-token';
import { AuthCard } from '../../../shared/auth/components/AuthCard';
import type { LoginLocationState } from '../../../shared/auth/login-location-state';

interface PasswordMutation {
  mutate: (
    body: { token: string; password: string },
    options: { onSuccess: (result: { isSignedIn?: boolean } | void) => void },
  ) => void;
  isPending: boolean;
  error: Error | null;
}

export interface NewPasswordPageProps {
  /** the query parameter carrying the mailed token */
  tokenParam: 'activate' | 'reset';
  purpose: MailTokenPurpose;
  /** the screen's own texts under auth.* */
  textKey: 'registrationConfirm' | 'passwordResetConfirm';
  mutation: PasswordMutation;
  /** where a user with an invalid token starts again */
  startAgainPath: string;
}

/** RegistrationConfirm and PasswordResetConfirm: a mailed token and a password twice. */
export function NewPasswordPage(props: NewPasswordPageProps) {
  const { tokenParam, purpose, textKey, mutation, startAgainPath } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const rawToken = searchParams.get(tokenParam);
  const mailToken = useMemo(() => readMailToken(rawToken, purpose), [rawToken, purpose]);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [validationError, setValidationError] = useState<string | null>(null);
  const title = t(`auth.${textKey}.title`);

  if (!mailToken || isInvalidTokenError(mutation.error)) {
    return (
      <AuthCard title={title}>
        <FormMessage>{t(`auth.${textKey}.invalidToken`)}</FormMessage>
        <Button component={Link} to={startAgainPath} variant="light">
          {t(`auth.${textKey}.startAgain`)}
        </Button>
      </AuthCard>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateNewPassword(password, confirmation, t);
    setValidationError(invalid);
    if (invalid) return;
    mutation.mutate(
      { token: mailToken.token, password },
      {
        onSuccess: (result) => {
          // registration signs the newcomer in; a reset (or a failed sign-in) goes to Login
          if (result?.isSignedIn) return void navigate(SCREEN_PATHS.dashboard, { replace: true });
          const state: LoginLocationState = {
            email: mailToken.email,
            message: t(`auth.${textKey}.success`),
          };
          navigate(SCREEN_PATHS.login, { replace: true, state });
        },
      },
    );
  };
  const errorMessage = validationError ?? getNewPasswordErrorMessage(mutation.error, t);

  return (
    <AuthCard
      title={title}
      description={t(`auth.${textKey}.description`, { email: mailToken.email })}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {errorMessage && <FormMessage>{errorMessage}</FormMessage>}
          <NewPasswordFields
            email={mailToken.email}
            password={password}
            confirmation={confirmation}
            onPasswordChange={setPassword}
            onConfirmationChange={setConfirmation}
          />
          <Button type="submit" loading={mutation.isPending}>
            {t(`auth.${textKey}.submit`)}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
