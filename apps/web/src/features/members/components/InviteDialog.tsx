import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { EmailSchema } from '@printdeck/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { FormMessage } from '../../../components/FormMessage';
import { MailToFilesNotice } from '../../../shared/public-config/components/MailToFilesNotice';
import { useInviteMember } from '../api/invite-member';

/** Invite by e-mail: the person joins as observer. */
export function InviteDialog({
  workspaceId,
  onClose,
}: {
  workspaceId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const invite = useInviteMember(workspaceId);
  const [email, setEmail] = useState('');
  const [isInvalid, setIsInvalid] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = EmailSchema.safeParse(email.trim().toLowerCase());
    setIsInvalid(!parsed.success);
    if (!parsed.success) return;
    invite.mutate(parsed.data, {
      onSuccess: (result) => {
        const isPending = result.invitation.delivery === 'pending';
        notifications.show({
          color: isPending ? 'yellow' : 'teal',
          message: t(isPending ? 'members.invitedPending' : 'members.invited', {
            email: result.invitation.email,
          }),
        });
        onClose();
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 409) {
          notifications.show({ color: 'yellow', message: t('members.alreadyInvited') });
        }
      },
    });
  };
  const error = invite.error;
  const serverMessage =
    error && !(isApiError(error) && error.status === 409) ? error.message : null;

  return (
    <Modal opened onClose={onClose} title={t('members.inviteTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('invitations.email')}
            type="email"
            value={email}
            data-autofocus
            error={isInvalid && t('validation.email')}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          {serverMessage && <FormMessage>{serverMessage}</FormMessage>}
          <MailToFilesNotice audience="admin" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={invite.isPending}>
              {t('members.sendInvite')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
