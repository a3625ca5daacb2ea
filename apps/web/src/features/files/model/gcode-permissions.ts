import type { Gcode, Permission } from '@printdeck/shared';

/** The signed-in user, as far as file permissions care. */
export interface FileActor {
  permissions: readonly Permission[];
  user: { id: number; username: string } | undefined;
}

/** Own uploads are matched by the uploader's id, or by username as the spec says (§5). */
export function isOwnUpload(gcode: Pick<Gcode, 'uploadedBy' | 'uploadedById'>, actor: FileActor) {
  if (!actor.user) return false;
  return gcode.uploadedById === actor.user.id || gcode.uploadedBy === actor.user.username;
}

/**
 * Editing a file (name, note, filament, labels, public, delete): CHANGE_FILES on any file,
 * CHANGE_UPLOADED_FILES on one's own (spec §6).
 */
export function canChangeGcode(
  gcode: Pick<Gcode, 'uploadedBy' | 'uploadedById'>,
  actor: FileActor,
): boolean {
  if (actor.permissions.includes('CHANGE_FILES')) return true;
  return actor.permissions.includes('CHANGE_UPLOADED_FILES') && isOwnUpload(gcode, actor);
}

/** Whether the list offers select mode: the member can change at least some files. */
export function canSelectGcodes(actor: FileActor): boolean {
  return ['CHANGE_FILES', 'CHANGE_UPLOADED_FILES'].some((permission) =>
    actor.permissions.includes(permission as Permission),
  );
}

/** Creating, renaming, moving and deleting labels (spec §2.4). */
export function canManageLabels(actor: FileActor): boolean {
  return actor.permissions.includes('CHANGE_FILES');
}

export function canUploadGcodes(actor: FileActor): boolean {
  return actor.permissions.includes('UPLOAD_FILE');
}
