import { Badge, Button, Group, Modal, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  PRINT_QUEUE_PAGE_DEFAULT,
  type PrintQueueBox,
  type PrintQueueItem,
} from '@printdeck/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { NoAccessNotice } from '../../../components/NoAccessNotice';
import { PageLoader } from '../../../components/PageLoader';
import { SectionCard } from '../../../components/SectionCard';
import { SCREEN_PATHS } from '../../../config/screens';
import { usePrinters } from '../../../shared/printers/api/get-printers';
import { useCurrentWorkspace } from '../../../shared/workspaces/hooks/current-workspace';
import { useCreateQueueItem } from '../api/create-queue-item';
import { useDeleteQueueItem } from '../api/delete-queue-item';
import { invalidatePrintQueue, usePrintQueue } from '../api/get-print-queue';
import { usePrintQueueItem } from '../api/print-queue-item';
import { useReorderPrintQueue } from '../api/reorder-print-queue';
import { useUpdateQueueItem } from '../api/update-queue-item';
import { splitIntoBoxes, type QueueItemAction } from '../model/queue-boxes';
import { queuePrinterChoices } from '../model/queue-dialog';
import { QueueItemCard } from './QueueItemCard';
import { QueueItemDialogLauncher } from './QueueItemDialogLauncher';
import { QueueShowMore } from './QueueShowMore';
import { SortableQueueList } from './SortableQueueList';

type Dialog =
  | { kind: 'edit'; item: PrintQueueItem }
  | { kind: 'duplicate'; item: PrintQueueItem }
  | { kind: 'remove'; item: PrintQueueItem }
  | { kind: 'choosePrinter'; item: PrintQueueItem };

const BOX_ORDER: readonly PrintQueueBox[] = ['queue', 'printing', 'printed', 'archive'];

/** Spec part 2 §2.7: reload when the browser tab becomes visible again. */
function useReloadOnVisible(workspaceId: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onChange = () => {
      if (document.visibilityState === 'visible')
        void invalidatePrintQueue(queryClient, workspaceId);
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, [queryClient, workspaceId]);
}

function ChoosePrinterDialog(props: {
  item: PrintQueueItem;
  onPrint: (printerId: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const printers = usePrinters(workspace.id);
  const [printerId, setPrinterId] = useState<string | null>(null);
  const choices = queuePrinterChoices(printers.data ?? [], null);
  return (
    <Modal opened onClose={props.onClose} title={t('printQueue.choosePrinter.title')}>
      <Stack gap="md">
        <Text>{props.item.file.name}</Text>
        <Select
          label={t('printQueue.dialog.printer')}
          data={choices.map((printer) => ({ value: String(printer.id), label: printer.name }))}
          value={printerId}
          onChange={setPrinterId}
          data-testid="queue-print-printer"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={printerId === null}
            onClick={() => printerId && props.onPrint(Number(printerId))}
          >
            {t('printQueue.actions.print')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Box(props: { box: PrintQueueBox; count: number; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div data-testid={`queue-box-${props.box}`}>
      <SectionCard
        title={t(`printQueue.boxes.${props.box}`)}
        action={<Badge variant="light">{props.count}</Badge>}
      >
        {props.count === 0 ? (
          <Text size="sm" c="dimmed">
            {t(`printQueue.empty.${props.box}`)}
          </Text>
        ) : (
          props.children
        )}
      </SectionCard>
    </div>
  );
}

/** The print queue, or for a member who may not print (an observer) why not. */
export function PrintQueuePage() {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  if (!workspace.me.permissions.includes('OPERATE_PRINTERS'))
    return (
      <NoAccessNotice
        title={t('printQueue.noAccess.title')}
        reason={t('printQueue.noAccess.reason', { role: t(`members.roles.${workspace.me.role}`) })}
        action={{ label: t('printQueue.noAccess.action'), to: SCREEN_PATHS.dashboard }}
      />
    );
  return <PrintQueueBoxes />;
}

/** The print queue: Queue (drag to reorder), Printing, Printed and Archive. */
function PrintQueueBoxes() {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const [queueLimit, setQueueLimit] = useState(PRINT_QUEUE_PAGE_DEFAULT);
  const queue = usePrintQueue(workspace.id, queueLimit);
  const print = usePrintQueueItem(workspace.id);
  const update = useUpdateQueueItem(workspace.id);
  const create = useCreateQueueItem(workspace.id);
  const remove = useDeleteQueueItem(workspace.id);
  const reorder = useReorderPrintQueue(workspace.id);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [busy, setBusy] = useState<{ id: number; action: QueueItemAction } | null>(null);
  useReloadOnVisible(workspace.id);

  const run = (item: PrintQueueItem, action: QueueItemAction, work: Promise<unknown>) => {
    setBusy({ id: item.id, action });
    void work.finally(() => setBusy(null));
  };

  const printOn = (item: PrintQueueItem, printerId?: number) =>
    run(
      item,
      'print',
      print.mutateAsync({ itemId: item.id, printerId }).catch((error: unknown) => {
        const isTimeout = isApiError(error) && error.status === 408;
        notifications.show({
          color: 'red',
          title: isTimeout ? t('printDialog.errorTimeout') : t('printQueue.printFailed'),
          message: isTimeout
            ? t('printDialog.errorTimeoutDescription')
            : error instanceof Error
              ? error.message
              : String(error),
        });
      }),
    );

  const onAction = (item: PrintQueueItem, action: QueueItemAction) => {
    if (action === 'print') {
      if (item.printer) printOn(item);
      else setDialog({ kind: 'choosePrinter', item });
    } else if (action === 'edit' || action === 'duplicate' || action === 'remove') {
      setDialog({ kind: action, item });
    } else if (action === 'archive') {
      run(item, action, update.mutateAsync({ itemId: item.id, body: { state: 'DONE' } }));
    } else {
      const body = {
        file: item.file.id,
        printer: item.printer?.enabled ? item.printer.id : null,
        jobox_autostart: item.jobox_autostart,
        make_video: item.make_video,
      };
      run(
        item,
        action,
        create
          .mutateAsync(body)
          .then(() => notifications.show({ color: 'green', message: t('printQueue.queuedAgain') })),
      );
    }
  };

  if (!queue.data) {
    return <PageLoader />;
  }
  const boxes = splitIntoBoxes(queue.data.results);
  const renderItem = (item: PrintQueueItem, handle?: ReactNode) => (
    <QueueItemCard
      key={item.id}
      item={item}
      handle={handle}
      busyAction={busy?.id === item.id ? busy.action : null}
      onAction={onAction}
    />
  );

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('printQueue.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {BOX_ORDER.map((box) => (
          <Box
            key={box}
            box={box}
            count={
              box === 'archive'
                ? queue.data.archive_count
                : box === 'queue'
                  ? queue.data.queue_count
                  : boxes[box].length
            }
          >
            {box === 'queue' ? (
              <>
                <SortableQueueList
                  items={boxes.queue}
                  renderItem={(item, handle) => renderItem(item, handle)}
                  onReorder={(ids) => reorder.mutate(ids)}
                />
                <QueueShowMore
                  shown={boxes.queue.length}
                  total={queue.data.queue_count}
                  limit={queueLimit}
                  isLoading={queue.isPlaceholderData}
                  onShowMore={setQueueLimit}
                />
              </>
            ) : (
              <Stack gap="xs">{boxes[box].map((item) => renderItem(item))}</Stack>
            )}
          </Box>
        ))}
      </SimpleGrid>
      {(dialog?.kind === 'edit' || dialog?.kind === 'duplicate') && (
        <QueueItemDialogLauncher
          {...(dialog.kind === 'edit'
            ? { item: dialog.item }
            : {
                gcodeId: dialog.item.file.id,
                printerId: dialog.item.printer?.id ?? null,
                joboxAutostart: dialog.item.jobox_autostart,
              })}
          showSavedStatus={false}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'choosePrinter' && (
        <ChoosePrinterDialog
          item={dialog.item}
          onClose={() => setDialog(null)}
          onPrint={(printerId) => {
            setDialog(null);
            printOn(dialog.item, printerId);
          }}
        />
      )}
      {dialog?.kind === 'remove' && (
        <ConfirmDialog
          title={t('printQueue.remove.title')}
          confirmLabel={t('printQueue.actions.remove')}
          isPending={remove.isPending}
          onConfirm={() => remove.mutate(dialog.item.id, { onSettled: () => setDialog(null) })}
          onClose={() => setDialog(null)}
        >
          {t('printQueue.remove.text', { name: dialog.item.file.name })}
        </ConfirmDialog>
      )}
    </Stack>
  );
}
