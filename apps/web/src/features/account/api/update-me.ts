import { UserSchema, type User, type UserUpdate } from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { getMeQueryOptions } from '../../../shared/account/api/get-me';

/** The account's language: notifications are written in it. */
export function updateMe(body: UserUpdate): Promise<User> {
  return apiClient.request({ method: 'PATCH', path: '/users/me/', body, schema: UserSchema });
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => queryClient.setQueryData(getMeQueryOptions().queryKey, user),
  });
}
