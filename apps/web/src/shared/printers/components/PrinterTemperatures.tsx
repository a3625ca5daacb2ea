import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFlame, IconTemperature } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatTemperature } from '../model/printer-state-display';
import type { PrinterView } from '../model/printer-view';

/**
 * Nozzle (tool0; a second nozzle, tool1, where the printer has one: "Nozzle 1", "Nozzle 2") and
 * bed, actual/target in °C with one decimal; greyed while only last known.
 */
export function PrinterTemperatures({ view }: { view: PrinterView }) {
  const { t } = useTranslation();
  const nozzles =
    view.temperatures.tool1 === null
      ? ([{ id: 'tool0', label: t('printers.temperatures.nozzle'), icon: IconFlame }] as const)
      : ([
          {
            id: 'tool0',
            label: t('printers.temperatures.nozzleNumbered', { number: 1 }),
            icon: IconFlame,
          },
          {
            id: 'tool1',
            label: t('printers.temperatures.nozzleNumbered', { number: 2 }),
            icon: IconFlame,
          },
        ] as const);
  const rows = [
    ...nozzles,
    { id: 'bed', label: t('printers.temperatures.bed'), icon: IconTemperature } as const,
  ];
  // offline, or frozen by a printer error (OctoPrint keeps the reading from before the error)
  const isLastKnown = view.lastSeenAt !== null || view.problem?.kind === 'printerError';
  return (
    <SimpleGrid
      cols={rows.length}
      spacing="xs"
      data-last-known={isLastKnown || undefined}
      title={
        isLastKnown
          ? t(
              view.lastSeenAt !== null
                ? 'printers.temperatures.lastKnown'
                : 'printers.temperatures.lastKnownError',
            )
          : undefined
      }
    >
      {rows.map(({ id, label, icon: Icon }) => (
        <Stack key={id} gap={0} data-testid={`temperature-${id}`}>
          <Group gap={4} wrap="nowrap" c="dimmed">
            <Icon size={14} stroke={1.6} aria-hidden />
            <Text size="xs">{label}</Text>
            {isLastKnown && (
              <Text size="xs" fs="italic">
                · {t('printers.temperatures.lastKnownShort')}
              </Text>
            )}
          </Group>
          <Text
            size="sm"
            fw={500}
            c={isLastKnown ? 'dimmed' : undefined}
            style={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {formatTemperature(view.temperatures[id])}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
