import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SCREEN_PATHS } from '../../../config/screens';
import { MailToFilesNotice } from '../../../shared/public-config/components/MailToFilesNotice';
import { useCreateInvitation } from '../api/create-invitation';
import { EmailRequestPage } from './EmailRequestPage';

export function RegistrationPage() {
  const { t } = useTranslation();
  return (
    <EmailRequestPage
      textKey="registration"
      request={useCreateInvitation()}
      footer={
        <>
          {t('auth.registration.haveAccount')}{' '}
          <Anchor component={Link} to={SCREEN_PATHS.login} size="sm">
            {t('auth.registration.login')}
          </Anchor>
          <MailToFilesNotice audience="user" />
        </>
      }
    />
  );
}
