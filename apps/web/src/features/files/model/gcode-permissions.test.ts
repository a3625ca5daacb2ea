import { getRolePermissions, type Role } from '@printdeck/shared';
import { describe, expect, it } from 'vitest';
import {
  canChangeGcode,
  canManageLabels,
  canSelectGcodes,
  canUploadGcodes,
  isOwnUpload,
  type FileActor,
} from './gcode-permissions';

const ME = { id: 7, username: 'ada@example.com' };
const actor = (role: Role, user: FileActor['user'] = ME): FileActor => ({
  permissions: getRolePermissions(role),
  user,
});
const mine = { uploadedBy: 'ada@example.com', uploadedById: 7 };
const theirs = { uploadedBy: 'bob@example.com', uploadedById: 8 };

describe('file permissions', () => {
  it('lets users and admins change any file', () => {
    expect(canChangeGcode(theirs, actor('user'))).toBe(true);
    expect(canChangeGcode(theirs, actor('admin'))).toBe(true);
  });

  it('lets a junior change only their own uploads', () => {
    expect(canChangeGcode(mine, actor('junior'))).toBe(true);
    expect(canChangeGcode(theirs, actor('junior'))).toBe(false);
    expect(canSelectGcodes(actor('junior'))).toBe(true);
    expect(canManageLabels(actor('junior'))).toBe(false);
  });

  it('matches own uploads by id or by username', () => {
    expect(
      isOwnUpload({ uploadedBy: 'ada@example.com', uploadedById: null }, actor('junior')),
    ).toBe(true);
    expect(isOwnUpload({ uploadedBy: 'x', uploadedById: 7 }, actor('junior'))).toBe(true);
    expect(isOwnUpload(mine, { ...actor('junior'), user: undefined })).toBe(false);
  });

  it('gives an observer nothing to change or upload', () => {
    const observer = actor('observer');
    expect(canChangeGcode(mine, observer)).toBe(false);
    expect(canSelectGcodes(observer)).toBe(false);
    expect(canManageLabels(observer)).toBe(false);
    expect(canUploadGcodes(observer)).toBe(false);
    expect(canUploadGcodes(actor('junior'))).toBe(true);
  });
});
