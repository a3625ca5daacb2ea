import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useEndSessions } from '../api/end-sessions';
import { useSessions } from '../api/get-sessions';
import { describeUserAgent } from '../describe-user-agent';
import { formatDateTime } from '../../../lib/format-date';

/** Settings → Account: where I am signed in, with a way to sign out there (checklist C13). */
export function SessionsSection() {
  const { t } = useTranslation();
  const { data: sessions } = useSessions();
  const end = useEndSessions();
  const [isConfirmingAll, setIsConfirmingAll] = useState(false);
  const formatDate = (iso: string | null) => (iso ? formatDateTime(iso) : '—');
  const others = (sessions ?? []).filter((session) => !session.is_current);

  return (
    <Stack gap="sm" component="section" aria-labelledby="sessions-title">
      <Title order={2} size="h4" id="sessions-title">
        {t('security.sessions.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('security.sessions.description')}
      </Text>
      <Table aria-label={t('security.sessions.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('security.sessions.browser')}</Table.Th>
            <Table.Th>{t('security.sessions.address')}</Table.Th>
            <Table.Th>{t('security.sessions.lastUsed')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(sessions ?? []).map((session) => {
            const browser =
              describeUserAgent(session.user_agent) ?? t('security.sessions.unknownBrowser');
            return (
              <Table.Tr key={session.id}>
                <Table.Td>
                  <Group gap="xs">
                    <Text size="sm">{browser}</Text>
                    {session.is_current && (
                      <Badge size="sm" variant="light">
                        {t('security.sessions.current')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{session.ip_address ?? '—'}</Table.Td>
                <Table.Td>{formatDate(session.last_used_on ?? session.created_on)}</Table.Td>
                <Table.Td>
                  {!session.is_current && (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      disabled={end.isPending}
                      aria-label={t('security.sessions.signOutNamed', {
                        browser,
                        address: session.ip_address ?? '—',
                      })}
                      onClick={() => end.mutate({ id: session.id })}
                    >
                      {t('security.sessions.signOut')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Group>
        <Button
          variant="default"
          disabled={others.length === 0}
          onClick={() => setIsConfirmingAll(true)}
        >
          {t('security.sessions.signOutOthers')}
        </Button>
      </Group>
      {isConfirmingAll && (
        <ConfirmDialog
          title={t('security.sessions.signOutOthers')}
          confirmLabel={t('security.sessions.signOutOthersConfirm')}
          isPending={end.isPending}
          onClose={() => setIsConfirmingAll(false)}
          onConfirm={() => end.mutate('others', { onSettled: () => setIsConfirmingAll(false) })}
        >
          {t('security.sessions.signOutOthersText', { count: others.length })}
        </ConfirmDialog>
      )}
    </Stack>
  );
}
