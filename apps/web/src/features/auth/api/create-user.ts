import { UserSchema, type User, type UserCreate } from '@printdeck/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { INLINE_ERRORS } from '../../../api/query-meta';

/** Finishes a registration with the mailed token and the chosen password. */
export function createUser(body: UserCreate): Promise<User> {
  return apiClient.request({
    method: 'POST',
    path: '/users/',
    body,
    schema: UserSchema,
    isAnonymous: true,
  });
}

export function useCreateUser() {
  return useMutation({ mutationFn: createUser, meta: INLINE_ERRORS });
}
