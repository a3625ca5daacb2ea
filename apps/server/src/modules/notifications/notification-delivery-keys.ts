import { z } from 'zod';

/** The job kind that delivers one outbox row (jobs module, issue 27). */
export const NOTIFICATION_DELIVER = 'notification.deliver';

export const deliverPayload = z.object({ key: z.string().min(1) });

/** The job key of an outbox row's delivery: one per row (the row's idempotency key). */
export const deliverKeyOf = (idempotencyKey: string) => `${NOTIFICATION_DELIVER}:${idempotencyKey}`;
