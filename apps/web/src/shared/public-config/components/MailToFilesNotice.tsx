import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../api/get-public-config';

/**
 * Without SMTP_URL no mail leaves the server: it is written as a file under DATA_DIR/mail/
 * (issue 24). Whoever waits for a mail is told where it is; an admin also how to connect a
 * mail server.
 */
export function MailToFilesNotice({ audience }: { audience: 'admin' | 'user' }) {
  const { t } = useTranslation();
  const config = usePublicConfig();
  if (config.data?.mail_delivery !== 'files') return null;
  return (
    <Alert color="blue" data-testid="mail-to-files">
      {t(audience === 'admin' ? 'mail.toFilesAdmin' : 'mail.toFiles')}
    </Alert>
  );
}
