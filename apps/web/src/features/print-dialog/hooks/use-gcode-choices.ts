import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../api/contract';
import { gcodesQueryKey, getGcodesPage } from '../../../shared/gcodes';

const SEARCH_LIMIT = 20;

/** The G-codes matching what is typed, newest first (server search). */
export function useGcodeChoices(workspaceId: number, search: string) {
  const [debounced] = useDebouncedValue(search.trim(), 250);
  return useQuery({
    queryKey: [...gcodesQueryKey(workspaceId), 'print-dialog', debounced],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ limit: String(SEARCH_LIMIT) });
      if (debounced) query.set('search', debounced);
      const path = apiPath('/groups/{g}/files/', { g: workspaceId });
      return getGcodesPage(`${path}?${query.toString()}`, signal);
    },
    placeholderData: (previous) => previous,
  });
}
