import { UserSchema, type User, type UserCreate } from '@printdeck/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';
import { signInNewAccount } from '../../../shared/auth/api/sign-in-new-account';

/** Finishes a registration with the mailed token and the chosen password. */
export function createUser(body: UserCreate): Promise<User> {
  return apiClient.request({
    method: 'POST',
    path: apiPath('/users/'),
    body: body satisfies ApiRequestBody<'/users/', 'post'>,
    schema: UserSchema,
    isAnonymous: true,
  });
}

/** Registration finished and, with the password just chosen, signed in (no second log-in). */
export function useCreateUser() {
  return useMutation({
    mutationFn: async (body: UserCreate) => {
      const user = await createUser(body);
      return { isSignedIn: await signInNewAccount(user.email, body.password) };
    },
    meta: INLINE_ERRORS,
  });
}
