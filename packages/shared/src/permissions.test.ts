import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLES, getRolePermissions, roleHasPermission } from './permissions.js';

/**
 * ARCHITECTURE §4, copied as it stands there: a change to either must change both. MANAGE_SPOOLS
 * (issue 26: admins and everyone who operates printers; observers read) is new here and waits
 * for its row in ARCHITECTURE.md, which this branch may not edit.
 */
const ARCHITECTURE_TABLE = `
| Permission | admin | user | junior | observer |
|---|---|---|---|---|
| VIEW_GROUP | ✓ | ✓ | ✓ | ✓ |
| VIEW_GROUP_MEMBERS | ✓ | ✓ | | |
| MANAGE_GROUP_MEMBERS | ✓ | | | |
| CHANGE_GROUP | ✓ | | | |
| OPERATE_PRINTERS | ✓ | ✓ | ✓ | |
| UPLOAD_FILE | ✓ | ✓ | ✓ | |
| CHANGE_FILES | ✓ | ✓ | | |
| CHANGE_UPLOADED_FILES | ✓ | ✓ | ✓ | |
| MANAGE_SPOOLS | ✓ | ✓ | ✓ | |
`;

function parseTable(table: string): { roles: string[]; rows: Array<[string, boolean[]]> } {
  const lines = table.trim().split('\n');
  const cells = (line: string) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
  const [header, , ...body] = lines;
  return {
    roles: cells(header!).slice(1),
    rows: body.map((line) => {
      const [permission, ...marks] = cells(line);
      return [permission!, marks.map((mark) => mark === '✓')];
    }),
  };
}

describe('the role matrix of ARCHITECTURE §4', () => {
  it('grants exactly the permissions the table marks, role by role', () => {
    const { roles, rows } = parseTable(ARCHITECTURE_TABLE);
    expect(roles).toEqual([...ROLES]);
    expect(rows.map(([permission]) => permission)).toEqual([...PERMISSIONS]);
    for (const [permission, marks] of rows) {
      roles.forEach((role, index) => {
        expect(
          roleHasPermission(
            role as (typeof ROLES)[number],
            permission as (typeof PERMISSIONS)[number],
          ),
          `${role} ${permission}`,
        ).toBe(marks[index]);
      });
    }
    expect(getRolePermissions('observer')).toEqual(['VIEW_GROUP']);
  });
});
