/**
 * The address a spool's label opens: the spool's page, naming its workspace so a phone signed
 * in to another workspace of the same person switches to the right one first.
 */
export function getSpoolAddress(origin: string, workspaceId: number, spoolId: number): string {
  return `${origin}/spools/${spoolId}?group=${workspaceId}`;
}
