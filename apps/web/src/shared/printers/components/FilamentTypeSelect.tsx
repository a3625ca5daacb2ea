import { Badge, NativeSelect } from '@mantine/core';
import { FILAMENT_TYPES, type FilamentType, type Printer } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';
import { useUpdatePrinter } from '../api/update-printer';
import { useHasPermission } from '../../workspaces/hooks/use-permission';
import { getFilamentTypeLabel } from '../../../lib/filament-type-label';

const NONE = '';

function toFilamentType(value: string | null): FilamentType | '' {
  return FILAMENT_TYPES.find((type) => type === value) ?? NONE;
}

/** The loaded filament: a selector with CHANGE_GROUP, otherwise just the type. */
export function FilamentTypeSelect({ printer }: { printer: Printer }) {
  const { t } = useTranslation();
  const canChange = useHasPermission('CHANGE_GROUP');
  const update = useUpdatePrinter();
  if (!canChange) {
    return printer.filament_type ? (
      <Badge variant="outline" color="gray" radius="sm">
        {getFilamentTypeLabel(printer.filament_type, t)}
      </Badge>
    ) : null;
  }
  const data = [
    { value: NONE, label: t('printers.filament.none') },
    ...FILAMENT_TYPES.map((type) => ({ value: type, label: getFilamentTypeLabel(type, t) })),
  ];
  return (
    // A native select: two hundred cards mount two hundred of these.
    <NativeSelect
      className="printer-interactive"
      size="xs"
      w={140}
      data={data}
      value={printer.filament_type ?? NONE}
      aria-label={t('printers.filament.label')}
      disabled={update.isPending}
      onChange={(event) =>
        update.mutate({
          id: printer.id,
          body: { filament_type: toFilamentType(event.currentTarget.value) },
        })
      }
    />
  );
}
