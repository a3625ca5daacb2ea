import { Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import { memo, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { getScreenPath } from '../../../config/screens';
import { useIsChangingState } from '../../../shared/printers/hooks/changing-state-store';
import { LoadedSpools } from '../../../shared/spools/components/LoadedSpools';
import { useHasPermission } from '../../../shared/workspaces/hooks/use-permission';
import { usePrinterCommands } from '../../../shared/printers/hooks/use-printer-commands';
import {
  canEmergencyStopFromMenu,
  canPrintFromCard,
  getCardActions,
} from '../../../shared/printers/model/card-actions';
import type { PrinterView } from '../../../shared/printers/model/printer-view';
import { FilamentTypeSelect } from '../../../shared/printers/components/FilamentTypeSelect';
import { PrinterAmsTrays } from '../../../shared/printers/components/PrinterAmsTrays';
import { PrinterCameraView } from '../../../shared/printers/components/PrinterCameraView';
import { MaintenanceDueBadge } from '../../../shared/maintenance';
import { WaitingStartNotice } from '../../../shared/waiting-starts';
import { PrinterCardActions } from './PrinterCardActions';
import { PrinterCardMenu } from './PrinterCardMenu';
import { PrinterProblemText } from './PrinterProblemText';
import { PrinterProgress } from '../../../shared/printers/components/PrinterProgress';
import { PrinterStateBadge } from '../../../shared/printers/components/PrinterStateBadge';
import { PrinterTemperatures } from '../../../shared/printers/components/PrinterTemperatures';
import classes from './printer-card.module.css';

export interface CardSelection {
  isSelectable: boolean;
  isSelected: boolean;
  onToggle: (printerId: number) => void;
}

interface PrinterCardProps {
  view: PrinterView;
  showCamera: boolean;
  /** the bulk action's checkbox, while a bulk action is chosen */
  selection?: CardSelection;
  /** the drag handle, for members who may move printers between groups */
  dragHandle?: ReactNode;
}

/** One printer in a list (spec part 1 §2 "Printer card"). */
export const PrinterCard = memo(function PrinterCard({
  view,
  showCamera,
  selection,
  dragHandle,
}: PrinterCardProps) {
  const { t } = useTranslation();
  const canOperate = useHasPermission('OPERATE_PRINTERS');
  const canChangeGroup = useHasPermission('CHANGE_GROUP');
  const commands = usePrinterCommands();
  const isChangingState = useIsChangingState(view.printer.id, view.printerState);
  const input = { view, isChangingState, canOperate };
  const { printer } = view;
  const isUnavailable = selection !== undefined && !selection.isSelectable;
  const navigate = useNavigate();
  const detailPath = getScreenPath('printerDetail', { id: printer.id }) ?? '#';
  // the camera sits above the card's link (it keeps its hover and its own buttons): a click
  // on its image leads to the detail as the rest of the card does
  const openDetailFromCamera = (event: MouseEvent) => {
    if (!(event.target as HTMLElement).closest('button')) void navigate(detailPath);
  };

  return (
    <Card
      withBorder
      padding="md"
      className={classes.card}
      data-testid="printer-card"
      data-printer-id={printer.id}
      data-unavailable={isUnavailable || undefined}
      data-selected={selection?.isSelected || undefined}
      data-out-of-service={printer.out_of_service ? true : undefined}
      style={printer.out_of_service ? { opacity: 0.6 } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            {dragHandle}
            {selection?.isSelectable && (
              <Checkbox
                className="printer-interactive"
                checked={selection.isSelected}
                onChange={() => selection.onToggle(printer.id)}
                aria-label={t('printers.bulk.select', { name: printer.name })}
              />
            )}
            <Text
              component={Link}
              to={detailPath}
              draggable={false}
              className={classes.name}
              fw={600}
              size="lg"
              lineClamp={1}
            >
              {printer.name}
            </Text>
          </Group>
          <PrinterCardMenu
            view={view}
            canEmergencyStop={canEmergencyStopFromMenu(input)}
            canEditSettings={canChangeGroup}
            commands={commands}
          />
        </Group>
        {isUnavailable && (
          <Text size="xs" c="dimmed" fs="italic">
            {t('printers.bulk.unavailable')}
          </Text>
        )}
        {printer.out_of_service && (
          <Text size="sm" c="orange" data-testid="printer-out-of-service">
            {t('printers.outOfService.badge', { reason: printer.out_of_service.reason })}
          </Text>
        )}
        <Group justify="space-between" gap="xs">
          <Group gap={6}>
            <PrinterStateBadge view={view} />
            <MaintenanceDueBadge printerId={printer.id} />
          </Group>
          <FilamentTypeSelect printer={printer} />
        </Group>
        <WaitingStartNotice printerId={printer.id} />
        <LoadedSpools printer={printer} place="card" />
        <PrinterAmsTrays view={view} />
        <PrinterProblemText view={view} />
        <PrinterProgress view={view} place="card" />
        <PrinterTemperatures view={view} />
        {showCamera && printer.camera_enabled && (
          <div className="printer-interactive" onClick={openDetailFromCamera}>
            <PrinterCameraView view={view} />
          </div>
        )}
        <div style={{ marginTop: 'auto' }}>
          <PrinterCardActions
            view={view}
            actions={getCardActions(input)}
            commands={commands}
            canPrint={canPrintFromCard(input)}
          />
        </div>
      </Stack>
    </Card>
  );
});
