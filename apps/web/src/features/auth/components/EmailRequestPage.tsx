import { Button, Stack, TextInput } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../components/FormMessage';
import { getEmailRequestErrorMessage, validateEmail } from '../../../shared/auth/auth-messages';
import { AuthCard } from '../../../shared/auth/components/AuthCard';

interface EmailRequestPageProps {
  /** the screen's own texts under auth.* */
  textKey: 'registration' | 'passwordReset';
  request: UseMutationResult<void, Error, { email: string }>;
  footer: ReactNode;
}

/** Registration and password reset: one e-mail field, then "check your inbox". */
export function EmailRequestPage({ textKey, request, footer }: EmailRequestPageProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const requestError = getEmailRequestErrorMessage(request.error, t);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateEmail(email, t);
    setEmailError(invalid);
    if (invalid) return;
    const address = email.trim().toLowerCase();
    request.mutate({ email: address }, { onSuccess: () => setSentTo(address) });
  };

  return (
    <AuthCard
      title={t(`auth.${textKey}.title`)}
      description={t(`auth.${textKey}.description`)}
      footer={footer}
    >
      {sentTo ? (
        <FormMessage kind="success" title={t(`auth.${textKey}.sentTitle`)}>
          {t(`auth.${textKey}.sent`, { email: sentTo })}
        </FormMessage>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {requestError && <FormMessage>{requestError}</FormMessage>}
            <TextInput
              label={t('auth.email')}
              type="email"
              autoComplete="email"
              value={email}
              error={emailError}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <Button type="submit" loading={request.isPending}>
              {t(`auth.${textKey}.submit`)}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
