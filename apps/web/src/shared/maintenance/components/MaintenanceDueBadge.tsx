import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentWorkspace } from '../../workspaces/hooks/current-workspace';
import { useMaintenanceDue } from '../api/get-maintenance-due';

/** The printer card's marker: maintenance due soon or overdue (nothing when all is well). */
export function MaintenanceDueBadge({ printerId }: { printerId: number }) {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const due = useMaintenanceDue(workspace.id).data?.find((row) => row.printer_id === printerId);
  if (!due) return null;
  return (
    <Badge
      color={due.state === 'overdue' ? 'red' : 'yellow'}
      variant="light"
      data-testid="printer-maintenance-due"
      data-state={due.state}
    >
      {t(`maintenance.cardBadge.${due.state}`, { count: due.overdue || due.due_soon })}
    </Badge>
  );
}
