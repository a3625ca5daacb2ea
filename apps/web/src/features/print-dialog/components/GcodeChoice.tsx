import { Select, Text } from '@mantine/core';
import type { Gcode } from '@printdeck/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getFilamentTypeLabel } from '../../../lib/filament-type-label';
import { useGcodeChoices } from '../hooks/use-gcode-choices';

/**
 * The G-code of the print dialog (searched on the server as typed), its filament, and the plate
 * of a file with several.
 */
export function GcodeChoice({
  workspaceId,
  fileId,
  file,
  plate,
  onFileChange,
  onPlateChange,
}: {
  workspaceId: number;
  fileId: number | null;
  /** the chosen G-code once loaded */
  file: Gcode | undefined;
  plate: number | null;
  onFileChange: (fileId: number | null) => void;
  onPlateChange: (plate: number | null) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const choices = useGcodeChoices(workspaceId, search);
  const options = useMemo(() => {
    const list = choices.data?.results ?? [];
    const all = file && !list.some((gcode) => gcode.id === file.id) ? [file, ...list] : list;
    return all.map((gcode) => ({ value: String(gcode.id), label: gcode.name }));
  }, [choices.data, file]);

  return (
    <>
      <Select
        label={t('printDialog.gcode')}
        placeholder={t('printDialog.gcodePlaceholder')}
        searchable
        data={options}
        value={fileId === null ? null : String(fileId)}
        onChange={(value) => onFileChange(value ? Number(value) : null)}
        onSearchChange={(value) => setSearch(value === file?.name ? '' : value)}
        filter={({ options: all }) => all}
        nothingFoundMessage={t('printDialog.noGcodes')}
        data-testid="print-dialog-gcode"
      />
      {file && (
        <Text size="sm" c="dimmed">
          {t('printDialog.fileFilament', {
            filament: file.filament_type
              ? getFilamentTypeLabel(file.filament_type, t)
              : t('printDialog.noFilament'),
          })}
        </Text>
      )}
      {file?.plates && file.plates.length > 1 && (
        <Select
          label={t('printDialog.plate')}
          data={file.plates.map((number) => ({
            value: String(number),
            label: t('printDialog.plateOption', { plate: number }),
          }))}
          value={String(plate ?? file.plates[0])}
          onChange={(value) => onPlateChange(value ? Number(value) : null)}
          allowDeselect={false}
          data-testid="print-dialog-plate"
        />
      )}
    </>
  );
}
