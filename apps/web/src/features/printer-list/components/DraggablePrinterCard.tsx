import { useDraggable } from '@dnd-kit/core';
import { ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import type { SectionId } from '../groups';
import { useTranslation } from 'react-i18next';
import type { PrinterView } from '../../../shared/printers/model/printer-view';
import { PrinterCard, type CardSelection } from './PrinterCard';

export interface DragData {
  printerId: number;
  from: SectionId;
}

interface DraggablePrinterCardProps {
  view: PrinterView;
  sectionId: SectionId;
  showCamera: boolean;
  selection?: CardSelection;
}

/** A card that can be dragged to another printer group by its handle (CHANGE_GROUP). */
export function DraggablePrinterCard({ view, sectionId, ...card }: DraggablePrinterCardProps) {
  const { t } = useTranslation();
  const data: DragData = { printerId: view.printer.id, from: sectionId };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: `printer-${view.printer.id}`,
    data,
  });
  const handle = (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      size="sm"
      className="printer-interactive"
      style={{ cursor: 'grab', touchAction: 'none' }}
      aria-label={t('printers.groups.dragHandle', { name: view.printer.name })}
      data-testid="drag-handle"
      {...attributes}
      {...listeners}
    >
      <IconGripVertical size={16} />
    </ActionIcon>
  );
  return (
    <div ref={setNodeRef} style={{ opacity: isDragging ? 0.4 : 1, height: '100%' }}>
      <PrinterCard view={view} dragHandle={handle} {...card} />
    </div>
  );
}
