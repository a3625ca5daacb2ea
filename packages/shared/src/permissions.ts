/** The role-to-permission table of ARCHITECTURE §4: one source for server, web and tests. */
export const ROLES = ['admin', 'user', 'junior', 'observer'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  'VIEW_GROUP',
  'VIEW_GROUP_MEMBERS',
  'MANAGE_GROUP_MEMBERS',
  'CHANGE_GROUP',
  'OPERATE_PRINTERS',
  'UPLOAD_FILE',
  'CHANGE_FILES',
  'CHANGE_UPLOADED_FILES',
  'MANAGE_SPOOLS',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  admin: PERMISSIONS,
  user: [
    'VIEW_GROUP',
    'VIEW_GROUP_MEMBERS',
    'OPERATE_PRINTERS',
    'UPLOAD_FILE',
    'CHANGE_FILES',
    'CHANGE_UPLOADED_FILES',
    'MANAGE_SPOOLS',
  ],
  junior: [
    'VIEW_GROUP',
    'OPERATE_PRINTERS',
    'UPLOAD_FILE',
    'CHANGE_UPLOADED_FILES',
    'MANAGE_SPOOLS',
  ],
  observer: ['VIEW_GROUP'],
};

export function getRolePermissions(role: Role): Permission[] {
  return [...ROLE_PERMISSIONS[role]];
}

export function roleHasPermission(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}
