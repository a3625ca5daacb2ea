import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdParamSchema,
  NotificationSettingsQuerySchema,
  NotificationSettingsSchema,
  NotificationSettingsUpdateSchema,
  TestNotificationResultSchema,
} from '@printdeck/shared';
import { getAuth } from '../../http/authentication.js';
import { getRequestLocale } from '../../http/client-info.js';
import type { NotificationSettingsService } from './notification-settings.service.js';

export function registerNotificationSettingsRoutes(
  app: FastifyInstance,
  notifications: NotificationSettingsService,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  const params = z.strictObject({ id: IdParamSchema });

  r.get('/api/notifications/settings/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags,
      summary: 'My notification settings for one workspace, created with defaults on first read',
      querystring: NotificationSettingsQuerySchema,
      response: { 200: NotificationSettingsSchema },
    },
    handler: (request) =>
      notifications.getSettings(getAuth(request).userId, request.query.group_id),
  });

  r.patch('/api/notifications/settings/:id/', {
    config: { permission: 'account' },
    schema: {
      tags,
      summary: 'Change my notification settings; omitted fields stay as they are',
      params,
      body: NotificationSettingsUpdateSchema,
      response: { 200: NotificationSettingsSchema },
    },
    handler: (request) =>
      notifications.updateSettings(getAuth(request).userId, request.params.id, request.body),
  });

  r.post('/api/notifications/settings/:id/send-test-notification/', {
    config: { permission: 'account' },
    schema: {
      tags,
      summary:
        'Send a test on each enabled channel: e-mail now; Telegram answers not_available until it is connected',
      params,
      response: { 200: TestNotificationResultSchema },
      errors: [429],
    },
    handler: (request) =>
      notifications.sendTestNotification(
        getAuth(request).userId,
        request.params.id,
        getRequestLocale(request),
      ),
  });
}
