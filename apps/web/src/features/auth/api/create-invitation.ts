import { EmptyResponseSchema, type InvitationCreate } from '@printdeck/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';

/** Registration: the server mails a link to /registration/confirm?activate=TOKEN. */
export async function createInvitation(body: InvitationCreate): Promise<void> {
  await apiClient.request({
    method: 'POST',
    path: apiPath('/invitations/'),
    body: body satisfies ApiRequestBody<'/invitations/', 'post'>,
    schema: EmptyResponseSchema,
    isAnonymous: true,
  });
}

export function useCreateInvitation() {
  return useMutation({ mutationFn: createInvitation, meta: INLINE_ERRORS });
}
