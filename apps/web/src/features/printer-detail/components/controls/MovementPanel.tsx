import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePrinterCommands } from '../../../../shared/printers/hooks/use-printer-commands';
import { getMoveBody, MOVE_STEP_MM, type Axis } from '../../model/control-input';
import type { PrinterView } from '../../../../shared/printers/model/printer-view';
import { ControlPanel } from './ControlPanel';

const MOVES: { axis: Axis; direction: 1 | -1 }[] = [
  { axis: 'x', direction: -1 },
  { axis: 'x', direction: 1 },
  { axis: 'y', direction: -1 },
  { axis: 'y', direction: 1 },
  { axis: 'z', direction: -1 },
  { axis: 'z', direction: 1 },
];

/** Move by 10 mm, home, disable motors: only READY_TO_PRINT. */
export function MovementPanel({ view }: { view: PrinterView }) {
  const { t } = useTranslation();
  const commands = usePrinterCommands();
  const { canMove, canHome, canDisableMotors } = view.actions;
  const home = (axes: Axis[]) => void commands.control(view, 'home_head', { axes });
  return (
    <ControlPanel title={t('printers.controls.movement')}>
      <Text size="sm" c="dimmed">
        {t('printers.controls.step', { step: MOVE_STEP_MM })}
      </Text>
      {/* Klipper refuses a move of an unhomed axis and says so; the others do not report it */}
      {!view.isKlipper && canMove && (
        <Alert color="yellow" p="xs" data-testid="homing-warning">
          {t('printers.controls.homingUnknown')}
        </Alert>
      )}
      <SimpleGrid cols={2} spacing="xs">
        {MOVES.map(({ axis, direction }) => {
          const label = `${axis.toUpperCase()}${direction > 0 ? '+' : '−'}`;
          return (
            <Button
              key={label}
              variant="default"
              disabled={!canMove}
              aria-label={t('printers.controls.move', {
                axis: axis.toUpperCase(),
                direction: direction > 0 ? '+' : '−',
                step: MOVE_STEP_MM,
              })}
              onClick={() => void commands.control(view, 'move_head', getMoveBody(axis, direction))}
            >
              {label}
            </Button>
          );
        })}
      </SimpleGrid>
      <Stack gap="xs">
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconHome size={16} />}
            disabled={!canHome}
            onClick={() => home(['x', 'y', 'z'])}
          >
            {t('printers.controls.homeAll')}
          </Button>
          <Button variant="light" disabled={!canHome} onClick={() => home(['x', 'y'])}>
            {t('printers.controls.homeXy')}
          </Button>
          <Button variant="light" disabled={!canHome} onClick={() => home(['z'])}>
            {t('printers.controls.homeZ')}
          </Button>
        </Group>
        <Button
          variant="default"
          disabled={!canDisableMotors}
          onClick={() => void commands.control(view, 'disable_motors', {})}
        >
          {t('printers.controls.disableMotors')}
        </Button>
      </Stack>
    </ControlPanel>
  );
}
