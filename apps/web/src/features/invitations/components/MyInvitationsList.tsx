import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAnswerMyInvitation } from '../api/answer-my-invitation';
import { useMyInvitations } from '../api/get-my-invitations';
import { formatDate } from '../../../lib/format-date';

/** Invitations waiting for the signed-in user: nobody joins a workspace without saying yes. */
export function MyInvitationsList() {
  const { t } = useTranslation();
  const { data: invitations } = useMyInvitations();
  const answer = useAnswerMyInvitation();
  if (!invitations || invitations.length === 0) return null;
  return (
    <Paper withBorder p="md" component="section" aria-label={t('security.invitations.title')}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('security.invitations.title')}
        </Title>
        {invitations.map((invitation) => (
          <Group key={invitation.id} justify="space-between" wrap="wrap">
            <Stack gap={0}>
              <Text fw={600}>{invitation.workspace_name}</Text>
              <Text size="sm" c="dimmed">
                {invitation.invited_by
                  ? t('security.invitations.from', {
                      email: invitation.invited_by,
                      date: formatDate(invitation.validUntil),
                    })
                  : t('security.invitations.validUntil', {
                      date: formatDate(invitation.validUntil),
                    })}
              </Text>
            </Stack>
            <Group gap="xs">
              <Button
                size="xs"
                loading={answer.isPending}
                aria-label={t('security.invitations.acceptNamed', {
                  name: invitation.workspace_name,
                })}
                onClick={() => answer.mutate({ id: invitation.id, accept: true })}
              >
                {t('security.invitations.accept')}
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={answer.isPending}
                aria-label={t('security.invitations.declineNamed', {
                  name: invitation.workspace_name,
                })}
                onClick={() => answer.mutate({ id: invitation.id, accept: false })}
              >
                {t('security.invitations.decline')}
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
