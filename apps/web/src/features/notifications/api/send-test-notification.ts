import { TestNotificationResultSchema, type TestNotificationResult } from '@printdeck/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';

/** 409 when both channels are off. */
export function sendTestNotification(id: number): Promise<TestNotificationResult> {
  return apiClient.request({
    method: 'POST',
    path: apiPath('/notifications/settings/{id}/send-test-notification/', { id }),
    schema: TestNotificationResultSchema,
  });
}

export function useSendTestNotification() {
  return useMutation({ mutationFn: sendTestNotification, meta: INLINE_ERRORS });
}
