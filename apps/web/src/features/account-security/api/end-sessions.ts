import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { sessionsQueryKey } from './get-sessions';

/** Signs one of my sessions out (another browser or device). */
export function endSession(id: string): Promise<void> {
  return apiClient.request({ method: 'DELETE', path: apiPath('/users/me/sessions/{id}/', { id }) });
}

/** Signs every other session out; this one stays. */
export function endOtherSessions(): Promise<void> {
  return apiClient.request({ method: 'DELETE', path: apiPath('/users/me/sessions/others/') });
}

export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: { id: string } | 'others') =>
      which === 'others' ? endOtherSessions() : endSession(which.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
