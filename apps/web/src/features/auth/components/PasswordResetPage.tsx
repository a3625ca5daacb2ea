import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SCREEN_PATHS } from '../../../config/screens';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { EmailRequestPage } from './EmailRequestPage';

export function PasswordResetPage() {
  const { t } = useTranslation();
  return (
    <EmailRequestPage
      textKey="passwordReset"
      request={useRequestPasswordReset()}
      footer={
        <Anchor component={Link} to={SCREEN_PATHS.login} size="sm">
          {t('auth.backToLogin')}
        </Anchor>
      }
    />
  );
}
