import { UserSchema, type User, type UserUpdate } from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';
import { getMeQueryOptions } from '../../../shared/account/api/get-me';

/** The account's language: notifications are written in it. */
export function updateMe(body: UserUpdate): Promise<User> {
  return apiClient.request({
    method: 'PATCH',
    path: apiPath('/users/me/'),
    body: body satisfies ApiRequestBody<'/users/me/', 'patch'>,
    schema: UserSchema,
  });
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => queryClient.setQueryData(getMeQueryOptions().queryKey, user),
  });
}
