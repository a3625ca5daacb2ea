import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Stack } from '@mantine/core';
import type { PrintQueueItem } from '@printdeck/shared';
import { IconGripVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { moveId } from '../model/queue-boxes';

interface SortableQueueListProps {
  items: PrintQueueItem[];
  renderItem: (item: PrintQueueItem, handle: ReactNode) => ReactNode;
  onReorder: (ids: number[]) => void;
}

function SortableRow({
  item,
  renderItem,
}: {
  item: PrintQueueItem;
  renderItem: SortableQueueListProps['renderItem'];
}) {
  const { t } = useTranslation();
  const sortable = useSortable({ id: item.id });
  const handle = (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={t('printQueue.item.drag', { name: item.file.name })}
      data-testid="queue-item-handle"
      style={{ cursor: 'grab', touchAction: 'none' }}
      {...sortable.attributes}
      {...sortable.listeners}
    >
      <IconGripVertical size={16} aria-hidden />
    </ActionIcon>
  );
  return (
    <div
      ref={sortable.setNodeRef}
      style={{
        transform: CSS.Transform.toString(sortable.transform),
        transition: sortable.transition,
        opacity: sortable.isDragging ? 0.6 : 1,
      }}
    >
      {renderItem(item, handle)}
    </div>
  );
}

/** The Queue box: items in queue order, moved by dragging their handle (or with the keyboard). */
export function SortableQueueList({ items, renderItem, onReorder }: SortableQueueListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((item) => item.id);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(moveId(ids, Number(active.id), Number(over.id)));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Stack gap="xs">
          {items.map((item) => (
            <SortableRow key={item.id} item={item} renderItem={renderItem} />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}
