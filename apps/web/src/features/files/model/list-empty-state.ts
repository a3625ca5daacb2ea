/** Which of the three empty states the list shows (spec §2.3), or null while it has files. */
export type GcodeListEmptyState = 'callToUpload' | 'noMatch' | 'noFiles';

export function getListEmptyState(input: {
  count: number;
  isFiltered: boolean;
  canUpload: boolean;
}): GcodeListEmptyState | null {
  if (input.count > 0) return null;
  if (input.isFiltered) return 'noMatch';
  return input.canUpload ? 'callToUpload' : 'noFiles';
}
