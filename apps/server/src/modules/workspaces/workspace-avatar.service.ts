import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AVATAR_FILE_NAME_PATTERN, type Workspace } from '@printdeck/shared';
import { AppError, notFound } from '../../http/app-error.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { toAvatarPng } from './avatar-image.js';
import type { WorkspacesRepository } from './workspaces.repository.js';
import type { WorkspacesService } from './workspaces.service.js';

interface Deps {
  workspaces: WorkspacesRepository;
  workspacesService: WorkspacesService;
  storage: FileStorage;
}

/** The stored name (a new one per upload, so a changed avatar never hides behind a cached one). */
const avatarKey = (workspaceId: number, fileName: string) => {
  if (!AVATAR_FILE_NAME_PATTERN.test(fileName)) throw new Error('not an avatar file name');
  return `avatars/${workspaceId}/${fileName}`;
};

const avatarNotFound = () => notFound('The workspace has no avatar.');

/** A workspace's avatar: PNG or JPEG in, PNG stored (spec part 2 §2.10, §5). */
export function createWorkspaceAvatarService({ workspaces, workspacesService, storage }: Deps) {
  return {
    /** `read` yields the uploaded bytes; it is only called once CHANGE_GROUP is confirmed. */
    async replaceAvatar(
      userId: number,
      workspaceId: number,
      read: () => Promise<Buffer>,
    ): Promise<Workspace> {
      await workspacesService.requireWorkspacePermission(userId, workspaceId, 'CHANGE_GROUP');
      const png = await toAvatarPng(await read());
      const previous = await workspaces.findMemberWorkspace(userId, workspaceId);
      const fileName = `${randomUUID()}.png`;
      await storage.writeObject(avatarKey(workspaceId, fileName), png);
      await workspaces.updateWorkspace(workspaceId, { avatar: fileName });
      if (previous?.avatar) await storage.remove([avatarKey(workspaceId, previous.avatar)]);
      return workspacesService.getWorkspaceOrThrow(userId, workspaceId);
    },

    async openAvatar(
      userId: number,
      workspaceId: number,
    ): Promise<{ stream: Readable; size: number }> {
      await workspacesService.requireWorkspacePermission(userId, workspaceId, 'VIEW_GROUP');
      const row = await workspaces.findMemberWorkspace(userId, workspaceId);
      if (!row?.avatar) throw avatarNotFound();
      const stored = await storage.openRead(avatarKey(workspaceId, row.avatar));
      if (!stored) throw avatarNotFound();
      return stored;
    },
  };
}

export type WorkspaceAvatarService = ReturnType<typeof createWorkspaceAvatarService>;

export const avatarTooLarge = (maxBytes: number) =>
  new AppError('payload_too_large', `The image is larger than ${maxBytes} bytes.`);
