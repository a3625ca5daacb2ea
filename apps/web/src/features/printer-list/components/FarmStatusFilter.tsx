import { Badge, CloseButton, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FarmStatus } from '../model/farm-status';

/** Shown above the printers list while it is filtered by state (from the Dashboard's counts). */
export function FarmStatusFilter(props: {
  status: FarmStatus;
  count: number;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" data-testid="printers-filter">
      <Text size="sm">{t('farm.filtered')}</Text>
      <Badge
        size="lg"
        variant="light"
        rightSection={
          <CloseButton size="xs" aria-label={t('farm.clearFilter')} onClick={props.onClear} />
        }
      >
        {t(`farm.status.${props.status}`)} ({props.count})
      </Badge>
    </Group>
  );
}
