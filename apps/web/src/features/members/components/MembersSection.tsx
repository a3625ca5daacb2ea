import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash, IconUserCog } from '@tabler/icons-react';
import { ROLES, type InvitationDelivery, type Member, type Workspace } from '@printdeck/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActionsMenu } from '../../../components/ActionsMenu';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { SectionCard } from '../../../components/SectionCard';
import { formatDate } from '../../../lib/format-date';
import { useDeleteInvitation, useRemoveMember, useUpdateMemberRole } from '../api/change-member';
import { useMembers } from '../api/get-members';
import { InviteDialog } from './InviteDialog';
import { BreakableText } from '../../../components/BreakableText';

const DELIVERY_COLORS: Record<InvitationDelivery, string> = {
  pending: 'yellow',
  sent: 'teal',
  failed: 'red',
};

interface MembersSectionProps {
  workspace: Workspace;
  bulkInvitePath?: string;
}

/** Members with their roles, pending invitations and the ways to invite. */
export function MembersSection({ workspace, bulkInvitePath }: MembersSectionProps) {
  const { t } = useTranslation();
  const canView = workspace.me.permissions.includes('VIEW_GROUP_MEMBERS');
  const canManage = workspace.me.permissions.includes('MANAGE_GROUP_MEMBERS');
  const members = useMembers(workspace.id, canView);
  const updateRole = useUpdateMemberRole(workspace.id);
  const remove = useRemoveMember(workspace.id);
  const deleteInvitation = useDeleteInvitation(workspace.id);
  const [toRemove, setToRemove] = useState<Member | null>(null);
  const [isInviting, setIsInviting] = useState(false);
  if (!canView) return null;
  const users = members.data?.pages.flatMap((page) => page.users) ?? [];
  const firstPage = members.data?.pages[0];

  const showError = (error: Error) => notifications.show({ color: 'red', message: error.message });

  return (
    <>
      <SectionCard
        title={t('members.title')}
        action={
          canManage && (
            <Group gap="xs">
              {bulkInvitePath && (
                <Button component={Link} to={bulkInvitePath} size="xs" variant="default">
                  {t('members.bulkInvite')}
                </Button>
              )}
              <Button size="xs" onClick={() => setIsInviting(true)}>
                {t('members.invite')}
              </Button>
            </Group>
          )
        }
      >
        <Table aria-label={t('members.title')}>
          <Table.Tbody>
            {users.map((member) => (
              <Table.Tr key={member.userId}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <BreakableText>{member.email}</BreakableText>
                </Table.Td>
                {/* the role in full: a narrow cell cut "ADMIN" to "ADM…" at 390 px */}
                <Table.Td w={1} style={{ whiteSpace: 'nowrap' }}>
                  <Badge
                    variant="light"
                    data-testid="member-role"
                    styles={{ root: { maxWidth: 'none' }, label: { overflow: 'visible' } }}
                  >
                    {t(`members.roles.${member.role}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {canManage && (
                    <Group justify="flex-end">
                      <ActionsMenu
                        label={t('members.actionsFor', { email: member.email })}
                        items={[
                          ...ROLES.filter((role) => role !== member.role).map((role) => ({
                            key: role,
                            label: t('members.makeRole', { role: t(`members.roles.${role}`) }),
                            icon: IconUserCog,
                            onClick: () =>
                              updateRole.mutate(
                                { userId: member.userId, role },
                                { onError: showError },
                              ),
                          })),
                          {
                            key: 'remove',
                            label: t('members.remove'),
                            icon: IconTrash,
                            color: 'red',
                            onClick: () => setToRemove(member),
                          },
                        ]}
                      />
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {members.hasNextPage && firstPage && (
          <Group justify="space-between" mt="sm">
            <Text size="sm" c="dimmed">
              {t('members.shown', { shown: users.length, total: firstPage.count })}
            </Text>
            <Button
              size="xs"
              variant="default"
              loading={members.isFetchingNextPage}
              onClick={() => void members.fetchNextPage()}
            >
              {t('members.loadMore')}
            </Button>
          </Group>
        )}
      </SectionCard>
      {canManage && (
        <SectionCard title={t('invitations.pendingTitle')}>
          {!firstPage?.pendingInvitations.length ? (
            <Text c="dimmed" size="sm">
              {t('invitations.none')}
            </Text>
          ) : (
            // six columns do not fit a phone: the table scrolls inside its card, the page does not
            <Table.ScrollContainer minWidth={640} type="native">
              <Table aria-label={t('invitations.pendingTitle')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('invitations.email')}</Table.Th>
                    <Table.Th>{t('invitations.role')}</Table.Th>
                    <Table.Th>{t('invitations.created')}</Table.Th>
                    <Table.Th>{t('invitations.validUntil')}</Table.Th>
                    <Table.Th>{t('invitations.delivery')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {firstPage.pendingInvitations.map((invitation) => (
                    <Table.Tr key={invitation.id}>
                      {/* wide enough for the longest part of an address: it wraps only
                          between parts, never inside a word */}
                      <Table.Td style={{ overflowWrap: 'anywhere', minWidth: '14rem' }}>
                        <BreakableText>{invitation.email}</BreakableText>
                      </Table.Td>
                      <Table.Td>{t(`members.roles.${invitation.role}`)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatDate(invitation.createdOn)}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatDate(invitation.validUntil)}
                      </Table.Td>
                      <Table.Td>
                        <Badge
                          variant="light"
                          color={DELIVERY_COLORS[invitation.delivery]}
                          data-testid="invitation-delivery"
                        >
                          {t(`invitations.deliveryStates.${invitation.delivery}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          loading={
                            deleteInvitation.isPending &&
                            deleteInvitation.variables === invitation.id
                          }
                          onClick={() =>
                            deleteInvitation.mutate(invitation.id, { onError: showError })
                          }
                        >
                          {t('invitations.cancel')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </SectionCard>
      )}
      {isInviting && (
        <InviteDialog workspaceId={workspace.id} onClose={() => setIsInviting(false)} />
      )}
      {toRemove && (
        <ConfirmDialog
          title={t('members.removeTitle')}
          confirmLabel={t('members.remove')}
          isPending={remove.isPending}
          onClose={() => setToRemove(null)}
          onConfirm={() =>
            remove.mutate(toRemove.userId, {
              onSuccess: () => setToRemove(null),
              onError: (error) => {
                setToRemove(null);
                showError(error);
              },
            })
          }
        >
          {t('members.removeQuestion', { email: toRemove.email })}
        </ConfirmDialog>
      )}
    </>
  );
}
