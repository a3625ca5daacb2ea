/**
 * The workspace a spool's address names (`?group=`), when it is one of the person's others:
 * the page then switches to it before reading the spool. Null when it names the current one,
 * one the person is not in (the spool then reads as missing), or none.
 */
export function findWorkspaceToSwitchTo(
  search: string,
  currentId: number,
  myWorkspaceIds: readonly number[],
): number | null {
  const named = Number(new URLSearchParams(search).get('group'));
  if (!Number.isInteger(named) || named <= 0 || named === currentId) return null;
  return myWorkspaceIds.includes(named) ? named : null;
}
