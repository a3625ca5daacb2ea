import { Code, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/SectionCard';
import { usePublicConfig } from '../api/get-public-config';

/**
 * For administrators while no mail server is connected (no SMTP_URL): where the mail goes now
 * and how to connect one (issue 24). Nothing once mail leaves the server.
 */
export function MailServerSetup() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  if (config.data?.mail_delivery !== 'files') return null;
  return (
    <SectionCard title={t('mail.setup.title')}>
      <Text size="sm">{t('mail.setup.now')}</Text>
      <Text size="sm" fw={600}>
        {t('mail.setup.howTitle')}
      </Text>
      <List type="ordered" size="sm" spacing={4}>
        <List.Item>
          {t('mail.setup.smtpUrl')} <Code>SMTP_URL=smtp://user:password@mail.example.com:587</Code>
        </List.Item>
        <List.Item>
          {t('mail.setup.mailFrom')} <Code>MAIL_FROM=Printdeck &lt;printdeck@example.com&gt;</Code>
        </List.Item>
        <List.Item>{t('mail.setup.restart')}</List.Item>
      </List>
    </SectionCard>
  );
}
