import { Badge, ColorSwatch } from '@mantine/core';
import type { Gcode } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';
import { FILAMENT_SWATCHES } from '../model/filament';
import { getFilamentTypeLabel } from '../../../lib/filament-type-label';

/** The file's filament type and colour, when it has them. */
export function FilamentBadge({
  gcode,
}: {
  gcode: Pick<Gcode, 'filament_type' | 'filament_color'>;
}) {
  const { t } = useTranslation();
  const { filament_type: type, filament_color: color } = gcode;
  if (!type && !color) return null;
  const typeName = type ? getFilamentTypeLabel(type, t) : '';
  const colorName = color ? t(`files.filament.colors.${color}`) : '';
  return (
    <Badge
      variant="outline"
      color="gray"
      radius="sm"
      data-testid="gcode-filament"
      title={[typeName, colorName].filter(Boolean).join(' · ')}
      leftSection={
        color ? (
          <ColorSwatch color={FILAMENT_SWATCHES[color]} size={10} withShadow={false} aria-hidden />
        ) : null
      }
    >
      {typeName || colorName}
    </Badge>
  );
}
