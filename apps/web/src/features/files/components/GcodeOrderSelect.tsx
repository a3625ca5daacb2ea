import { NativeSelect } from '@mantine/core';
import { GCODE_ORDERINGS, type GcodeOrdering } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';

interface GcodeOrderSelectProps {
  ordering: GcodeOrdering;
  onChange: (ordering: GcodeOrdering) => void;
}

/** Sorts the list by date, name or size, either way (a native select: easy on a phone). */
export function GcodeOrderSelect({ ordering, onChange }: GcodeOrderSelectProps) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('files.ordering.label')}
      value={ordering}
      onChange={(event) => {
        const value = GCODE_ORDERINGS.find((option) => option === event.currentTarget.value);
        if (value) onChange(value);
      }}
      data={GCODE_ORDERINGS.map((option) => ({
        value: option,
        label: t(`files.ordering.options.${option}`),
      }))}
      data-testid="gcodes-ordering"
    />
  );
}
