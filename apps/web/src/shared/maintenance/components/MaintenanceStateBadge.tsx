import { Badge } from '@mantine/core';
import type { MaintenanceState } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';

const COLORS: Record<MaintenanceState, string> = {
  ok: 'teal',
  due_soon: 'yellow',
  overdue: 'red',
};

export function MaintenanceStateBadge({ state }: { state: MaintenanceState }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[state]} variant="light" data-testid="maintenance-state" data-state={state}>
      {t(`maintenance.states.${state}`)}
    </Badge>
  );
}
