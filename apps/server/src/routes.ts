import type { FastifyInstance } from 'fastify';
import type { AppOptions } from './http/app.js';
import type { MaintenanceSwitch } from './http/maintenance.js';
import { readWebBuildId, registerWebApp } from './http/web-app.js';
import { registerAgentDownloadRoutes } from './modules/agent-downloads/agent-downloads.routes.js';
import { registerAuthRoutes } from './modules/auth/auth.routes.js';
import { registerLanPrintersRoutes } from './modules/lan-printers/lan-printers.routes.js';
import { registerAccountRoutes } from './modules/account/account.routes.js';
import { registerHealthRoutes } from './modules/health/health.routes.js';
import { registerPublicConfigRoutes } from './modules/public-config/public-config.routes.js';
import { registerFirstRunRoutes } from './modules/first-run/first-run.routes.js';
import { registerTemperatureHistoryRoutes } from './modules/temperature-history/temperature-history.routes.js';
import { registerUsersRoutes } from './modules/users/users.routes.js';
import { registerWorkspacesRoutes } from './modules/workspaces/workspaces.routes.js';
import { registerFileLabelsRoutes } from './modules/file-labels/file-labels.routes.js';
import { registerFilesRoutes } from './modules/files/files.routes.js';
import { registerPrintJobsRoutes } from './modules/print-jobs/print-jobs.routes.js';
import { registerWaitingStartsRoutes } from './modules/waiting-starts/waiting-starts.routes.js';
import { registerDeviceGateway } from './gateway/device-gateway.js';
import { registerDeviceKeysRoutes } from './modules/device-keys/device-keys.routes.js';
import { registerPrinterGroupsRoutes } from './modules/printer-groups/printer-groups.routes.js';
import { registerPrinterControlRoutes } from './modules/printers/printer-control.routes.js';
import { registerPrintersRoutes } from './modules/printers/printers.routes.js';
import { registerDeviceStatesStreamRoutes } from './modules/printers/device-states-stream.routes.js';
import { createCredentialCheck } from './http/authentication.js';
import { registerApiKeysRoutes } from './modules/api-keys/api-keys.routes.js';
import { registerInvitationsRoutes } from './modules/invitations/invitations.routes.js';
import { registerMembersRoutes } from './modules/members/members.routes.js';
import { registerNewsRoutes } from './modules/news/news.routes.js';
import { registerNotificationSettingsRoutes } from './modules/notifications/notification-settings.routes.js';
import { registerPublicProfileRoutes } from './modules/public-profile/public-profile.routes.js';
import { registerSlicerRoutes } from './modules/slicer/slicer.routes.js';
import { registerGettingStartedRoutes } from './modules/getting-started/getting-started.routes.js';
import { registerStatsRoutes } from './modules/stats/stats.routes.js';
import { registerStatsChartsRoutes } from './modules/stats/stats-charts.routes.js';
import { registerStatsBreakdownRoutes } from './modules/stats/stats-breakdown.routes.js';
import { registerDeviceFramesRoutes } from './modules/videos/device-frames.routes.js';
import { registerVideosRoutes } from './modules/videos/videos.routes.js';
import { registerPrintQueueRoutes } from './modules/print-queue/print-queue.routes.js';
import { registerPushRoutes } from './modules/notifications/push.routes.js';
import { registerChatChannelsRoutes } from './modules/notifications/chat-channels.routes.js';
import { registerTelegramRoutes } from './modules/telegram/telegram.routes.js';
import { registerSpoolsRoutes } from './modules/spools/spools.routes.js';
import { registerSpoolmanRoutes } from './modules/spoolman/spoolman.routes.js';
import { registerWebhooksRoutes } from './modules/webhooks/webhooks.routes.js';
import { registerHomeAssistantRoutes } from './modules/home-assistant/home-assistant.routes.js';
import { registerPrinterSpoolsRoutes } from './modules/spools/printer-spools.routes.js';
import { registerMaintenanceRoutes } from './modules/maintenance/maintenance.routes.js';
import { registerEnergyMeterRoutes } from './modules/energy-meters/energy-meters.routes.js';
import { registerPrintLogExportRoutes } from './modules/print-jobs/print-log-export.routes.js';

/**
 * Every route of the API and the device gateway, in the order they are registered: the one
 * place that says which module answers which URL (the plugins they run behind are in
 * http/app.ts, the services they call are built by composition-root.ts).
 */
export async function registerRoutes(
  server: FastifyInstance,
  options: AppOptions & { maintenance: MaintenanceSwitch },
): Promise<void> {
  const { config, database, services, clock, maintenance } = options;
  registerHealthRoutes(server, {
    database,
    maintenance,
    environment: config.environment,
    webBuildId: readWebBuildId(options.webDir),
    rateLimiter: services.rateLimiter,
    parts: services.health,
  });
  registerPublicConfigRoutes(server, config);
  registerAuthRoutes(server, {
    auth: services.auth,
    sessions: services.sessions,
    isSecure: config.publicUrl.startsWith('https:'),
  });
  registerFirstRunRoutes(server, {
    firstRun: services.firstRun,
    isSecure: config.publicUrl.startsWith('https:'),
  });
  registerAccountRoutes(server, {
    passwordChange: services.passwordChange,
    twoFactor: services.twoFactor,
  });
  registerUsersRoutes(server, services.users, services.registration);
  const { workspaceAdmin } = services;
  await registerWorkspacesRoutes(server, services.workspaces, workspaceAdmin.avatars);
  registerMembersRoutes(server, workspaceAdmin.members);
  registerInvitationsRoutes(server, workspaceAdmin.invitations);
  registerApiKeysRoutes(server, workspaceAdmin.apiKeys, services.twoFactor);
  registerNotificationSettingsRoutes(server, workspaceAdmin.notifications);
  registerTelegramRoutes(server, services.notifications.telegramLinks);
  registerPushRoutes(server, services.notifications.pushSubscriptions);
  registerChatChannelsRoutes(server, services.notifications.chatChannels);
  registerWebhooksRoutes(server, services.webhooks.service);
  registerHomeAssistantRoutes(server, {
    status: services.homeAssistant,
    requireWorkspacePermission: services.workspaces.requireWorkspacePermission,
  });
  registerStatsRoutes(server, workspaceAdmin.stats);
  registerGettingStartedRoutes(server, workspaceAdmin.gettingStarted);
  registerStatsChartsRoutes(server, services.statsCharts);
  registerStatsBreakdownRoutes(server, services.statsBreakdown);
  registerNewsRoutes(server, workspaceAdmin.news);
  registerPublicProfileRoutes(server, workspaceAdmin.publicProfile);
  await registerFilesRoutes(server, services.files);
  registerFileLabelsRoutes(server, services.files.fileLabels);
  registerPrintJobsRoutes(server, services.printJobs, services.waitingStarts);
  registerWaitingStartsRoutes(server, services.waitingStarts);
  registerPrintLogExportRoutes(server, services.printLogExport);
  await registerSlicerRoutes(server, {
    slicer: workspaceAdmin.slicer,
    uploads: services.files.fileUploads,
  });
  registerVideosRoutes(server, services.videos);
  await registerDeviceFramesRoutes(server, services.videos.frames);
  registerPrintQueueRoutes(server, services.printQueue.service);
  registerSpoolsRoutes(server, services.spools.service);
  registerPrinterSpoolsRoutes(server, services.spools.loaded);
  registerSpoolmanRoutes(server, services.spoolman);
  registerMaintenanceRoutes(server, services.maintenance);
  registerEnergyMeterRoutes(server, services.energyMeters);
  const { devices } = services;
  registerDeviceKeysRoutes(server, {
    deviceKeys: devices.deviceKeys,
    admin: devices.deviceKeyAdmin,
    workspaces: services.workspaces,
    reauth: services.twoFactor,
  });
  registerPrintersRoutes(server, devices.printers);
  registerDeviceStatesStreamRoutes(server, {
    live: devices.live,
    printers: devices.printers,
    requireWorkspacePermission: services.workspaces.requireWorkspacePermission,
    isCredentialLive: createCredentialCheck(services.auth, services.workspaceAdmin.apiKeys),
    isInMaintenance: () => maintenance.isOn(),
    ...(options.statesStream ? { options: options.statesStream } : {}),
  });
  registerAgentDownloadRoutes(server, {
    agentDir: options.agentDir,
    publicUrl: config.publicUrl,
    isPublicUrlSet: config.isPublicUrlSet,
    isLanModeOn: services.lanPrinters.isOn,
  });
  registerLanPrintersRoutes(server, services.lanPrinters.service, services.lanPrinters.discovery);
  registerPrinterControlRoutes(server, devices.printerControl);
  registerTemperatureHistoryRoutes(server, services.temperatureHistory);
  registerPrinterGroupsRoutes(server, devices.printerGroups);
  registerDeviceGateway(server, {
    live: devices.live,
    deviceKeys: devices.deviceKeys,
    onDeviceHello: (deviceKeyId, driver) => devices.printers.onDeviceHello(deviceKeyId, driver),
    rateLimiter: services.rateLimiter,
    trustProxyHops: config.trustProxyHops,
    clock,
    ...(options.gatewayLimits ? { limits: options.gatewayLimits } : {}),
  });
  await registerWebApp(server, options.webDir);
}
