import type { FastifyRequest } from 'fastify';
import { scopeAllows, type ApiKeyOperation, type ApiKeyScope } from '@printdeck/shared';
import { AppError } from '../../http/app-error.js';

/** What an API key may do on a route: an operation, one per value of a path parameter, or nothing. */
export type ApiKeyRoutePolicy =
  | ApiKeyOperation
  | 'none'
  | { param: string; operations: Readonly<Record<string, ApiKeyOperation>> };

/**
 * Every private API route and what a key may do there (ARCHITECTURE §4, checklist C15). A route
 * missing here is closed to keys (deny by default), and the route-inventory test fails until it
 * is listed. Account, session, key, member and workspace-settings routes are `none`: a key never
 * manages who may do what. Writes are listed one by one; reads of workspace data are `read`;
 * reads of the owner's account, members and settings are `read_account`, which only FULL_READ
 * ("can read everything you can see") has. The session list and system administration stay
 * with a signed-in session: they describe or need the session itself.
 */
export const API_KEY_ROUTE_POLICY: Readonly<Record<string, ApiKeyRoutePolicy>> = {
  // session and account
  'DELETE /api/tokens/mine/': 'none',
  'GET /api/users/me/': 'read_account',
  'POST /api/users/me/password/': 'none',
  'POST /api/users/me/reauth/': 'none',
  'POST /api/users/me/two-factor/setup/': 'none',
  'POST /api/users/me/two-factor/enable/': 'none',
  'DELETE /api/users/me/two-factor/': 'none',
  'GET /api/users/me/sessions/': 'none',
  'DELETE /api/users/me/sessions/others/': 'none',
  'DELETE /api/users/me/sessions/:id/': 'none',
  'PATCH /api/users/me/': 'none',
  'GET /api/telegram/': 'read_account',
  'POST /api/telegram/register/': 'none',
  'DELETE /api/telegram/register/': 'none',
  'POST /api/telegram/link-code/': 'none',
  'GET /api/push/': 'read_account',
  'POST /api/push/subscriptions/': 'none',
  'DELETE /api/push/subscriptions/': 'none',
  'GET /api/users/me/api_keys/': 'read_account',
  'POST /api/users/me/api_keys/': 'none',
  'DELETE /api/users/me/api_keys/:id/': 'none',
  'POST /api/users/me/invitations/accept/': 'none',
  'GET /api/users/me/invitations/': 'read_account',
  'POST /api/users/me/invitations/:id/accept/': 'none',
  'DELETE /api/users/me/invitations/:id/': 'none',
  'GET /api/notifications/settings/': 'read_account',
  'PATCH /api/notifications/settings/:id/': 'none',
  'POST /api/notifications/settings/:id/send-test-notification/': 'none',
  // a member's chat channels and quiet hours (issue 28): the account's own, never a key's
  'GET /api/notifications/channels/': 'none',
  'POST /api/notifications/channels/': 'none',
  'PATCH /api/notifications/channels/:id/': 'none',
  'DELETE /api/notifications/channels/:id/': 'none',
  'POST /api/notifications/channels/:id/test/': 'none',
  'GET /api/notifications/preferences/': 'read_account',
  'PATCH /api/notifications/preferences/': 'none',
  'POST /api/groups/:g/webhooks/:id/rotate-secret/': 'none',
  'GET /api/users/me/news/': 'read',
  'POST /api/users/me/news/:newsId/': 'none',
  // system administration
  'GET /api/admin/news/': 'none',
  'POST /api/admin/news/': 'none',
  'PATCH /api/admin/news/:id/': 'none',
  'DELETE /api/admin/news/:id/': 'none',
  // workspaces and members
  'GET /api/users/me/groups/': 'read',
  'POST /api/users/me/groups/': 'none',
  'GET /api/users/me/groups/:id/': 'read',
  'PATCH /api/users/me/groups/:id/': 'none',
  'GET /api/groups/:g/avatar': 'read',
  'GET /api/groups/:g/stats/': 'read',
  'GET /api/groups/:g/getting-started/': 'read',
  'GET /api/groups/:g/stats/charts/': 'read',
  'GET /api/groups/:g/stats/users/': 'read',
  'GET /api/groups/:g/stats/files/': 'read',
  'GET /api/groups/:g/users/': 'read_account',
  'POST /api/groups/:g/users/': 'none',
  'POST /api/groups/:g/users/analyze/': 'none',
  'PATCH /api/groups/:g/users/:userId/': 'none',
  'DELETE /api/groups/:g/users/:userId/': 'none',
  'DELETE /api/groups/:g/invitations/:id/': 'none',
  // webhooks (issue 28): workspace settings, never a key's
  'GET /api/groups/:g/webhooks/': 'none',
  'POST /api/groups/:g/webhooks/': 'none',
  'PATCH /api/groups/:g/webhooks/:id/': 'none',
  'DELETE /api/groups/:g/webhooks/:id/': 'none',
  'POST /api/groups/:g/webhooks/:id/test/': 'none',
  'GET /api/groups/:g/webhooks/:id/deliveries/': 'none',
  // the MQTT bridge's status (issue 28): workspace settings, never a key's
  'GET /api/groups/:g/home-assistant/': 'none',
  // files and labels
  'GET /api/groups/:g/files/': 'read',
  'POST /api/groups/:g/files/': 'upload_file',
  'GET /api/groups/:g/files/:id/': 'read',
  'GET /api/groups/:g/files/:id/deletion-impact/': 'read',
  'PATCH /api/groups/:g/files/:id/': 'none',
  'DELETE /api/groups/:g/files/:id/': 'none',
  'PUT /api/groups/:g/files/:id/public/': 'none',
  'DELETE /api/groups/:g/files/:id/public/': 'none',
  'GET /api/groups/:g/files/:id/download-link/': 'read',
  'GET /api/files/:id/preview-images/:imageId/': 'read',
  'GET /api/groups/:g/file-labels/': 'read',
  'POST /api/groups/:g/file-labels/': 'none',
  'PATCH /api/groups/:g/file-labels/:id/': 'none',
  'DELETE /api/groups/:g/file-labels/:id/': 'none',
  // spools and loaded filament (issue 26)
  'GET /api/groups/:g/spools/': 'read',
  'POST /api/groups/:g/spools/': 'none',
  'GET /api/groups/:g/spools/:id/': 'read',
  'PATCH /api/groups/:g/spools/:id/': 'none',
  'GET /api/groups/:g/printer-spools/': 'read',
  'PUT /api/printers/:id/spools/:tool/': 'none',
  'DELETE /api/printers/:id/spools/:tool/': 'none',
  // Spoolman connection (issue 26): workspace settings, never a key's
  'GET /api/groups/:g/spoolman/': 'read_account',
  'PUT /api/groups/:g/spoolman/': 'none',
  'DELETE /api/groups/:g/spoolman/': 'none',
  'POST /api/groups/:g/spoolman/sync/': 'none',
  'GET /api/groups/:g/print-jobs/export/': 'read',
  // energy meters (issue 26)
  'GET /api/printers/:id/energy-meter/': 'read',
  'PUT /api/printers/:id/energy-meter/': 'none',
  'DELETE /api/printers/:id/energy-meter/': 'none',
  // maintenance tasks (issue 26)
  'GET /api/printers/:id/maintenance/': 'read',
  'GET /api/groups/:g/maintenance-due/': 'read',
  'POST /api/printers/:id/maintenance/': 'none',
  'PATCH /api/printers/:id/maintenance/:taskId/': 'none',
  'DELETE /api/printers/:id/maintenance/:taskId/': 'none',
  'POST /api/printers/:id/maintenance/:taskId/done/': 'none',
  // timelapse videos
  'GET /api/groups/:g/videos/': 'read',
  'GET /api/groups/:g/videos/:id/': 'read',
  'PATCH /api/groups/:g/videos/:id/': 'none',
  'DELETE /api/groups/:g/videos/:id/': 'none',
  'GET /api/files/:id/videos/': 'read',
  // printing
  'POST /api/printers/:id/files/': 'print_start',
  'GET /api/groups/:g/waiting-starts/': 'read',
  'DELETE /api/groups/:g/waiting-starts/:id/': 'print_start',
  'POST /api/printers/:id/files/start': 'print_start',
  'GET /api/groups/:g/print-jobs/': 'read',
  'GET /api/groups/:g/last-printed-files/': 'read',
  // print queue
  'GET /api/groups/:g/print-queue/': 'read',
  'POST /api/groups/:g/print-queue/': 'queue_add',
  'PUT /api/groups/:g/print-queue/order/': 'none',
  'PATCH /api/groups/:g/print-queue/:itemId/': 'none',
  'DELETE /api/groups/:g/print-queue/:itemId/': 'none',
  'POST /api/groups/:g/print-queue/:itemId/print/': 'print_start',
  'POST /api/printers/:id/plate-cleared/': 'none',
  // printers, devices and printer groups
  'POST /api/device_keys/': 'none',
  'GET /api/groups/:g/device_keys/': 'read_account',
  'DELETE /api/groups/:g/device_keys/:id/': 'none',
  'POST /api/groups/:g/device_keys/:id/rotate/': 'none',
  'POST /api/groups/:g/device_keys/:id/re-pair/': 'none',
  'POST /api/groups/:g/device_keys/:id/shares/': 'none',
  'DELETE /api/groups/:g/device_keys/:id/shares/:target/': 'none',
  'GET /api/groups/:g/printers/': 'read',
  'GET /api/groups/:g/devices-states/': 'read',
  'GET /api/groups/:g/devices-states/stream/': 'read',
  'POST /api/printers/': 'none',
  'GET /api/printers/:id/': 'read',
  'GET /api/printers/:id/temperature-history/': 'read',
  'PATCH /api/printers/:id/': 'none',
  'DELETE /api/printers/:id/': 'none',
  'POST /api/printers/:id/connection/': 'none',
  'DELETE /api/printers/:id/connection/': 'none',
  'POST /api/printers/:id/power/': 'none',
  'DELETE /api/printers/:id/power/': 'none',
  'PUT /api/printers/:id/led/': 'none',
  'PUT /api/printers/:id/spectoda/flashlight/': 'none',
  'PUT /api/printers/:id/spectoda/brightness/': 'none',
  'PUT /api/printers/:id/spectoda/color/': 'none',
  'GET /api/printers/:id/files/': 'read',
  'GET /api/printers/:id/klipper-macros/': 'read',
  'GET /api/printers/:id/klipper-gcode-store/': 'read',
  'GET /api/printers/:id/klipper-printer-info/': 'read',
  'GET /api/printers/:id/snapshot/': 'read',
  'POST /api/printers/:id/pause/': 'printer_control',
  'POST /api/printers/:id/resume/': 'printer_control',
  'POST /api/printers/:id/cancel/': 'printer_control',
  'POST /api/printers/:id/move_head/': 'none',
  'POST /api/printers/:id/home_head/': 'none',
  'POST /api/printers/:id/temperature/': 'none',
  'POST /api/printers/:id/fan_state/': 'none',
  'POST /api/printers/:id/disable_motors/': 'none',
  'POST /api/printers/:id/extrude/': 'none',
  'POST /api/printers/:id/send_command/': 'none',
  'POST /api/printers/:id/emergency_stop/': 'none',
  'GET /api/groups/:g/printer-groups/': 'read',
  'GET /api/agent/install/': 'none',
  'POST /api/lan-printers/': 'none',
  'GET /api/groups/:g/lan-printers/discovered/': 'none',
  'GET /api/printers/:id/lan-connection/': 'none',
  'PUT /api/printers/:id/lan-connection/': 'none',
  'POST /api/groups/:g/printer-groups/': 'none',
  'PATCH /api/printer-groups/:id/': 'none',
  'DELETE /api/printer-groups/:id/': 'none',
  'PUT /api/printer-groups/:id/printer/': 'none',
  'DELETE /api/printer-groups/:id/printer/': 'none',
};

/** The operation a request performs for an API key, or null when keys may not make it. */
export function findApiKeyOperation(
  method: string,
  routeUrl: string,
  params: unknown,
): ApiKeyOperation | null {
  const policy = API_KEY_ROUTE_POLICY[`${method === 'HEAD' ? 'GET' : method} ${routeUrl}`];
  if (policy === undefined || policy === 'none') return null;
  if (typeof policy === 'string') return policy;
  const value = (params as Record<string, unknown> | undefined)?.[policy.param];
  return typeof value === 'string' ? (policy.operations[value] ?? null) : null;
}

export const scopeForbids = (scope: ApiKeyScope) =>
  new AppError('forbidden', `An API key with the scope ${scope} may not do this.`);

/** Throws 403 unless the key's scope covers what this request does. */
export function assertApiKeyMayCall(request: FastifyRequest, scope: ApiKeyScope): void {
  const operation = findApiKeyOperation(
    request.method,
    request.routeOptions.url ?? '',
    request.params,
  );
  if (operation === null || !scopeAllows(scope, operation)) throw scopeForbids(scope);
}
