import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFolderPlus, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import {
  useDropPrinter,
  usePrinterGroups,
  PrinterGroupDialog,
  PrinterGroupSection,
  buildPrinterSections,
  getDropAction,
  type PrinterSection,
} from '../groups';
import { useCurrentWorkspace } from '../../../shared/workspaces/hooks/current-workspace';
import { useHasPermission } from '../../../shared/workspaces/hooks/use-permission';
import { useBulkAction } from '../hooks/use-bulk-action';
import { usePrinterViews } from '../../../shared/printers/hooks/use-printer-views';
import {
  countFarmStatuses,
  FARM_STATUS_PARAM,
  getFarmStatus,
  parseFarmStatus,
} from '../model/farm-status';
import type { PrinterView } from '../../../shared/printers/model/printer-view';
import { AddPrinterChooser } from '../../../shared/printers/components/AddPrinterChooser';
import { BulkActionBar, BulkActionMenu } from './BulkActionBar';
import { DraggablePrinterCard, type DragData } from './DraggablePrinterCard';
import { FarmStatusFilter } from './FarmStatusFilter';
import { PrinterCard } from './PrinterCard';

/** The group under the pointer; the keyboard, which has no pointer, goes by overlap. */
const detectDropTarget: CollisionDetection = (args) => {
  const underPointer = pointerWithin(args);
  return underPointer.length > 0 ? underPointer : rectIntersection(args);
};

/** Printers in their printer groups (spec part 1 §2 "Printers list"). */
export function PrintersPage() {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const canChangeGroup = useHasPermission('CHANGE_GROUP');
  const canOperate = useHasPermission('OPERATE_PRINTERS');
  const { views, printers, isLoading } = usePrinterViews(workspace.id);
  const groups = usePrinterGroups(workspace.id);
  const bulk = useBulkAction(views);
  const drop = useDropPrinter(workspace.id);
  const [dialog, setDialog] = useState<'chooser' | 'group' | null>(null);
  const [dragged, setDragged] = useState<PrinterView | null>(null);
  // ?state=printing|ready|paused|error|offline, as the Dashboard's counts link here
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = parseFarmStatus(searchParams.get(FARM_STATUS_PARAM));
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor),
  );

  const layout = useMemo(
    () =>
      buildPrinterSections(
        groups.data ?? [],
        (printers ?? []).map((printer) => printer.id),
      ),
    [groups.data, printers],
  );

  if (isLoading || groups.isPending) return <PageLoader />;

  const onDragStart = ({ active }: DragStartEvent) => {
    const data = active.data.current as DragData | undefined;
    setDragged(data ? (views.get(data.printerId) ?? null) : null);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const data = active.data.current as DragData | undefined;
    const to = (over?.data.current as { sectionId?: PrinterSection['id'] } | undefined)?.sectionId;
    if (!data || to === undefined) return;
    const action = getDropAction({ printerId: data.printerId, from: data.from, to });
    if (action.kind !== 'none') drop.mutate(action);
  };

  const renderCards = (section: PrinterSection, isCameraOn: boolean) =>
    section.printerIds.map((id) => {
      const view = views.get(id);
      if (!view) return null;
      if (filter && getFarmStatus(view.printerState) !== filter) return null;
      const card = { view, showCamera: isCameraOn, selection: bulk.getSelection(view) };
      return canChangeGroup && !layout.isSimpleView ? (
        <DraggablePrinterCard key={id} sectionId={section.id} {...card} />
      ) : (
        <PrinterCard key={id} {...card} />
      );
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Group gap="sm" align="baseline">
          <Title order={1} size="h2">
            {t('printers.list.title')}
          </Title>
          <Text c="dimmed" data-testid="printers-total">
            {t('printers.list.count', { count: printers?.length ?? 0 })}
          </Text>
        </Group>
        <Group gap="xs">
          {canOperate && <BulkActionMenu onChoose={bulk.choose} />}
          {canChangeGroup && (
            <>
              <Button
                variant="default"
                leftSection={<IconFolderPlus size={16} />}
                onClick={() => setDialog('group')}
              >
                {t('printers.groups.add')}
              </Button>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog('chooser')}>
                {t('printers.list.add')}
              </Button>
            </>
          )}
        </Group>
      </Group>
      {bulk.action && (
        <BulkActionBar
          action={bulk.action}
          selectedCount={bulk.selectedCount}
          selectableCount={bulk.selectableCount}
          isSending={bulk.isSending}
          onCancel={bulk.cancel}
          onSend={() => void bulk.send()}
        />
      )}
      {filter && (
        <FarmStatusFilter
          status={filter}
          count={countFarmStatuses(views.values())[filter]}
          onClear={() => setSearchParams({})}
        />
      )}
      {printers?.length === 0 && layout.isSimpleView ? (
        <Paper withBorder p="xl">
          <Text c="dimmed" ta="center">
            {t('printers.list.empty')}
          </Text>
        </Paper>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={detectDropTarget}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
        >
          <Stack gap="xl">
            {layout.sections.map((section) => (
              <PrinterGroupSection
                key={section.id}
                workspaceId={workspace.id}
                section={section}
                isSimpleView={layout.isSimpleView}
                canChangeGroup={canChangeGroup}
                isDropTarget={dragged !== null}
                renderPrinters={(isCameraOn) => renderCards(section, isCameraOn)}
              />
            ))}
          </Stack>
          <DragOverlay>
            {dragged && (
              <Paper shadow="md" p="sm" withBorder>
                <Text fw={600}>{dragged.printer.name}</Text>
              </Paper>
            )}
          </DragOverlay>
        </DndContext>
      )}
      {dialog === 'chooser' && (
        <AddPrinterChooser groupId={workspace.id} onClose={() => setDialog(null)} />
      )}
      {dialog === 'group' && (
        <PrinterGroupDialog workspaceId={workspace.id} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}
