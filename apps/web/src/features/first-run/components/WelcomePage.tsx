import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormMessage } from '../../../components/FormMessage';
import { LanguageSelect } from '../../../components/LanguageSelect';
import { SCREEN_PATHS } from '../../../config/screens';
import { useLanguage } from '../../../i18n/i18n';
import { validateNewPassword } from '../../../shared/auth/auth-messages';
import { AuthCard } from '../../../shared/auth/components/AuthCard';
import { useCompleteFirstRun } from '../api/complete-first-run';
import { markGettingStarted } from '../getting-started-flag';
import { getWelcomeErrorMessage, isFirstRunClosedError } from '../welcome-messages';

/** The empty server greets its first user: the account, its workspace and the language. */
export function WelcomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { language } = useLanguage();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [workspaceName, setWorkspaceName] = useState('');
  const [validationError, setValidationError] = useState<string | null>(null);
  const completion = useCompleteFirstRun();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid =
      email.trim() === '' ? t('validation.email') : validateNewPassword(password, confirmation, t);
    setValidationError(invalid);
    if (invalid) return;
    completion.mutate(
      {
        email,
        password,
        language,
        ...(workspaceName.trim() ? { workspace_name: workspaceName.trim() } : {}),
      },
      {
        onSuccess: () => {
          markGettingStarted();
          navigate(SCREEN_PATHS.dashboard, { replace: true });
        },
      },
    );
  };
  const errorMessage = validationError ?? getWelcomeErrorMessage(completion.error, t);

  return (
    <AuthCard title={t('firstRun.title')} description={t('firstRun.description')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {errorMessage && <FormMessage>{errorMessage}</FormMessage>}
          {isFirstRunClosedError(completion.error) && (
            <Anchor component={Link} to={SCREEN_PATHS.login} size="sm">
              {t('auth.backToLogin')}
            </Anchor>
          )}
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <PasswordInput
            label={t('auth.password')}
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <PasswordInput
            label={t('auth.passwordConfirm')}
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
          />
          <TextInput
            label={t('firstRun.workspaceName')}
            description={t('firstRun.workspaceNameHint')}
            value={workspaceName}
            onChange={(event) => setWorkspaceName(event.currentTarget.value)}
          />
          <LanguageSelect />
          <Button type="submit" loading={completion.isPending}>
            {t('firstRun.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
