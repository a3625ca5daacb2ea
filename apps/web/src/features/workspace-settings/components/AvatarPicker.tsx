import { Avatar, FileButton, Group, Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Workspace } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';
import { useObjectUrl } from '../../../lib/use-object-url';
import { useWorkspaceAvatar } from '../../../shared/workspaces/api/get-workspace-avatar';
import { useUploadWorkspaceAvatar } from '../api/update-workspace';
import { isAllowedAvatarFile } from '../avatar-file';
import { cropAvatarToPng } from '../crop-avatar';

/** The workspace picture: PNG or JPEG, cropped to its centred square and stored as PNG. */
export function AvatarPicker({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const avatar = useWorkspaceAvatar(workspace.id, workspace.avatar);
  const src = useObjectUrl(avatar.data);
  const upload = useUploadWorkspaceAvatar(workspace.id);

  const pick = async (file: File | null) => {
    if (!file) return;
    if (!isAllowedAvatarFile(file)) {
      notifications.show({
        color: 'red',
        title: t('workspaceSettings.avatarInvalidTitle'),
        message: t('workspaceSettings.avatarInvalid'),
      });
      return;
    }
    upload.mutate(await cropAvatarToPng(file));
  };

  return (
    <Group gap="md">
      <Avatar
        src={src}
        name={workspace.name}
        color="initials"
        size="xl"
        radius="md"
        alt=""
        data-testid="workspace-avatar"
      />
      <div>
        <FileButton
          onChange={(file) => void pick(file)}
          accept=".png,.jpg,.jpeg,image/png,image/jpeg"
        >
          {(props) => (
            <Button variant="default" loading={upload.isPending} {...props}>
              {t('workspaceSettings.avatarChoose')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed" mt={4}>
          {t('workspaceSettings.avatarHint')}
        </Text>
      </div>
    </Group>
  );
}
