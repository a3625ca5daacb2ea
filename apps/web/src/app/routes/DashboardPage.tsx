import { Stack } from '@mantine/core';
import { getScreenPath } from '../../config/screens';
import { DashboardNews } from '../../features/news/components/DashboardNews';
import { DashboardGcodes } from '../../features/files/components/DashboardGcodes';
import { DashboardPrinters } from '../../features/printer-list/components/DashboardPrinters';
import { FarmAtAGlance } from '../../features/printer-list/components/FarmAtAGlance';
import { GettingStarted } from './GettingStarted';
import { WorkspaceHeader } from '../../features/workspaces/components/WorkspaceHeader';
import { useCurrentWorkspace } from '../../shared/workspaces/hooks/current-workspace';

/** The workspace's home; news, printers and latest files join it with their features. */
export function DashboardPage() {
  const workspace = useCurrentWorkspace();
  const canEdit = workspace.me.permissions.includes('CHANGE_GROUP');
  const editPath = canEdit
    ? getScreenPath('settingsWorkspaceEdit', { id: workspace.id })
    : undefined;
  return (
    <Stack gap="xl">
      <WorkspaceHeader workspace={workspace} editPath={editPath} />
      <GettingStarted />
      <DashboardNews />
      <FarmAtAGlance />
      <DashboardPrinters />
      <DashboardGcodes />
    </Stack>
  );
}
