import { z } from 'zod';

export const WEBHOOK_DELIVER = 'webhook.deliver';
export const webhookDeliverPayload = z.object({ deliveryId: z.number().int().positive() });
export const webhookJobKey = (deliveryId: number) => `webhook:${deliveryId}`;
