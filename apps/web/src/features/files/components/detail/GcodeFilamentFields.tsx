import { ColorSwatch, Group, Select, SimpleGrid, Text } from '@mantine/core';
import {
  FILAMENT_COLORS,
  FILAMENT_TYPES,
  type FilamentColor,
  type FilamentType,
  type Gcode,
} from '@printdeck/shared';
import { useTranslation } from 'react-i18next';
import { useUpdateGcode } from '../../api/update-gcode';
import { FILAMENT_SWATCHES, NO_FILAMENT_COLOR, NO_FILAMENT_TYPE } from '../../model/filament';
import { getFilamentTypeLabel } from '../../../../lib/filament-type-label';

interface GcodeFilamentFieldsProps {
  workspaceId: number;
  gcode: Gcode;
  /** CHANGE_FILES, or CHANGE_UPLOADED_FILES on one's own file (spec §5) */
  canEdit: boolean;
}

const isColor = (value: string): value is FilamentColor =>
  (FILAMENT_COLORS as readonly string[]).includes(value);

/** The filament type and colour selectors; read-only text without the permission. */
export function GcodeFilamentFields({ workspaceId, gcode, canEdit }: GcodeFilamentFieldsProps) {
  const { t } = useTranslation();
  const update = useUpdateGcode();
  const colorName = (color: FilamentColor | null) =>
    color ? t(`files.filament.colors.${color}`) : t('files.filament.none');
  const save = (body: {
    filament_type?: FilamentType | '';
    filament_color?: FilamentColor | 'NULL';
  }) => update.mutate({ workspaceId, gcodeId: gcode.id, body });

  if (!canEdit) {
    return (
      <SimpleGrid cols={2} spacing="sm">
        <div>
          <Text size="xs" c="dimmed">
            {t('files.filament.type')}
          </Text>
          <Text>
            {gcode.filament_type
              ? getFilamentTypeLabel(gcode.filament_type, t)
              : t('files.filament.none')}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {t('files.filament.color')}
          </Text>
          <Text>{colorName(gcode.filament_color)}</Text>
        </div>
      </SimpleGrid>
    );
  }

  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <Select
        label={t('files.filament.type')}
        data={[
          { value: NO_FILAMENT_TYPE, label: t('files.filament.none') },
          ...FILAMENT_TYPES.map((type) => ({ value: type, label: getFilamentTypeLabel(type, t) })),
        ]}
        value={gcode.filament_type ?? NO_FILAMENT_TYPE}
        allowDeselect={false}
        disabled={update.isPending}
        onChange={(value) =>
          save({ filament_type: FILAMENT_TYPES.find((type) => type === value) ?? NO_FILAMENT_TYPE })
        }
      />
      <Select
        label={t('files.filament.color')}
        data={[
          { value: NO_FILAMENT_COLOR, label: t('files.filament.none') },
          ...FILAMENT_COLORS.map((color) => ({ value: color, label: colorName(color) })),
        ]}
        value={gcode.filament_color ?? NO_FILAMENT_COLOR}
        allowDeselect={false}
        disabled={update.isPending}
        leftSection={
          gcode.filament_color ? (
            <ColorSwatch color={FILAMENT_SWATCHES[gcode.filament_color]} size={14} aria-hidden />
          ) : undefined
        }
        renderOption={({ option }) => (
          <Group gap="xs" wrap="nowrap">
            {isColor(option.value) && (
              <ColorSwatch color={FILAMENT_SWATCHES[option.value]} size={14} aria-hidden />
            )}
            {option.label}
          </Group>
        )}
        onChange={(value) =>
          save({ filament_color: value && isColor(value) ? value : NO_FILAMENT_COLOR })
        }
      />
    </SimpleGrid>
  );
}
