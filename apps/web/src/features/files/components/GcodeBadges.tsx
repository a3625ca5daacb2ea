import { Badge, Group } from '@mantine/core';
import type { Gcode } from '@printdeck/shared';
import { IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FilamentBadge } from './FilamentBadge';

/** Label badges, the public badge, filament type and colour. */
export function GcodeBadges({ gcode }: { gcode: Gcode }) {
  const { t } = useTranslation();
  const hasAny =
    gcode.fileLabels.length > 0 || gcode.is_public || gcode.filament_type || gcode.filament_color;
  if (!hasAny) return null;
  return (
    <Group gap={6}>
      {gcode.fileLabels.map((label) => (
        <Badge key={label.id} variant="light" radius="sm" tt="none" data-testid="gcode-label">
          {label.name}
        </Badge>
      ))}
      {gcode.is_public && (
        <Badge
          variant="light"
          color="teal"
          radius="sm"
          leftSection={<IconWorld size={12} aria-hidden />}
        >
          {t('files.row.public')}
        </Badge>
      )}
      <FilamentBadge gcode={gcode} />
    </Group>
  );
}
