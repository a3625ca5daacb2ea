import {
  ActionIcon,
  Box,
  Button,
  Collapse,
  Group,
  Overlay,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Gcode } from '@printdeck/shared';
import { IconChecks, IconRefresh, IconTags, IconUpload, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LabelSidebar } from '../../../features/files/labels';
import { useFileLabels } from '../../../shared/file-labels/api/get-file-labels';
import { useFileDrop } from '../../../features/files/upload';
import { useCurrentWorkspace } from '../../../shared/workspaces/hooks/current-workspace';
import { useDownloadGcode } from '../../../features/files/api/get-download-link';
import {
  gcodesQueryKey,
  useGcodes,
  getFilterChips,
  isFiltered,
  isLabelSelected,
  parseGcodeFilter,
  removeChip,
  selectLabel,
  toSearchParams,
  type GcodeFilter,
} from '../../../shared/gcodes';
import { useFileActor } from '../../../features/files/hooks/use-file-actor';
import { useGcodeSelection } from '../../../features/files/hooks/use-gcode-selection';
import {
  canChangeGcode,
  canManageLabels,
  canSelectGcodes,
  canUploadGcodes,
} from '../../../features/files/model/gcode-permissions';
import { getListEmptyState } from '../../../features/files/model/list-empty-state';
import { AssignLabelsDialog } from '../../../features/files/components/AssignLabelsDialog';
import { DeleteGcodesDialog } from '../../../features/files/components/DeleteGcodesDialog';
import { GcodeList } from '../../../features/files/components/GcodeList';
import type { GcodeAction } from '../../../features/files/components/GcodeRowMenu';
import { GcodeOrderSelect } from '../../../features/files/components/GcodeOrderSelect';
import {
  FilterChips,
  GcodeSearchBar,
  describeChip,
} from '../../../features/files/components/GcodeSearchBar';
import { GcodeSelectionBar } from '../../../features/files/components/GcodeSelectionBar';
import { GcodesEmptyState } from '../../../features/files/components/GcodesEmptyState';
import { UploadGcodesDialog } from '../../../features/files/components/UploadGcodesDialog';
import { PrintDialogLauncher } from '../../../features/print-dialog';
import { QueueItemDialogLauncher } from '../../../features/print-queue';

type PageDialog =
  | { kind: 'labels' | 'delete'; gcodes: Gcode[] }
  | { kind: 'upload'; files: File[] }
  | { kind: 'print'; gcode: Gcode }
  | { kind: 'queue'; gcode: Gcode }
  | null;

/** The Gcodes list (spec §2.3): labels, search, chips, rows, select mode and upload by drop. */
export function GcodesPage() {
  const { t, i18n } = useTranslation();
  const workspace = useCurrentWorkspace();
  const actor = useFileActor();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filter = parseGcodeFilter(params);
  const list = useGcodes(workspace.id, filter);
  const labels = useFileLabels(workspace.id);
  const download = useDownloadGcode();
  const selection = useGcodeSelection();
  const [dialog, setDialog] = useState<PageDialog>(null);
  const [isLabelsOpen, labelsToggle] = useDisclosure(false);
  const canUpload = canUploadGcodes(actor);
  const drop = useFileDrop(
    (files) => setDialog({ kind: 'upload', files }),
    canUpload && !selection.isActive && dialog === null,
  );

  /**
   * The filter the last change asked for: the address moves only once the route's loaders ran,
   * so `filter` (and `setParams`'s own) is the rendered one, and a second click before the page
   * rendered again (two chips removed in a row) would have put back what the first removed.
   */
  const latestFilter = useRef(filter);
  useEffect(() => {
    latestFilter.current = parseGcodeFilter(params);
  }, [params]);
  const updateFilter = (change: (current: GcodeFilter) => GcodeFilter) => {
    latestFilter.current = change(latestFilter.current);
    setParams(toSearchParams(latestFilter.current));
  };
  const reloadFiles = () =>
    queryClient.invalidateQueries({ queryKey: gcodesQueryKey(workspace.id) });
  const gcodes = list.data?.pages.flatMap((page) => page.results);
  const count = list.data?.pages[0]?.count ?? 0;
  const isCountCapped = list.data?.pages[0]?.count_is_capped === true;
  const labelNames = new Map((labels.data ?? []).map((label) => [label.id, label.name]));
  const chips = getFilterChips(filter, labelNames);
  const emptyState = gcodes
    ? getListEmptyState({ count, isFiltered: isFiltered(filter), canUpload })
    : null;

  const onAction = (gcode: Gcode, action: GcodeAction) => {
    if (action === 'download') download.mutate({ workspaceId: workspace.id, gcodeId: gcode.id });
    else if (action === 'print' || action === 'queue') setDialog({ kind: action, gcode });
    else setDialog({ kind: action === 'editLabels' ? 'labels' : 'delete', gcodes: [gcode] });
  };
  const selected = (gcodes ?? []).filter((gcode) => selection.isSelected(gcode.id));
  /** On mobile the sidebar folds away again once a label is picked. */
  const renderSidebar = (onPicked?: () => void) => (
    <LabelSidebar
      workspaceId={workspace.id}
      isSelected={(entry) => isLabelSelected(filter, entry)}
      onSelect={(entry) => {
        updateFilter((current) => selectLabel(current, entry));
        onPicked?.();
      }}
      canManage={canManageLabels(actor)}
      onLabelsChanged={reloadFiles}
    />
  );

  return (
    <Box pos="relative" {...drop.handlers} data-testid="gcodes-page">
      {drop.isOver && (
        <Overlay blur={2} radius="md" center zIndex={5} backgroundOpacity={0.35}>
          <Group gap="xs" c="white">
            <IconUpload size={28} aria-hidden />
            <Text fw={600} size="lg">
              {t('files.upload.dropHere')}
            </Text>
          </Group>
        </Overlay>
      )}
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={2}>
            <Title order={1} size="h2">
              {t('files.title')}
            </Title>
            <Text c="dimmed" size="sm" data-testid="gcodes-count" aria-live="polite">
              {!list.data
                ? '\u00a0'
                : isCountCapped
                  ? t('files.countCapped', { number: count.toLocaleString(i18n.language) })
                  : t('files.count', { count })}
            </Text>
          </Stack>
          <Group gap="xs">
            <Tooltip label={t('files.refresh')}>
              <ActionIcon
                variant="default"
                size="input-sm"
                aria-label={t('files.refresh')}
                loading={list.isRefetching && !list.isFetchingNextPage}
                onClick={() => void reloadFiles()}
              >
                <IconRefresh size={16} />
              </ActionIcon>
            </Tooltip>
            {canSelectGcodes(actor) && (
              <Button
                variant={selection.isActive ? 'filled' : 'default'}
                leftSection={selection.isActive ? <IconX size={16} /> : <IconChecks size={16} />}
                onClick={selection.toggleMode}
              >
                {selection.isActive ? t('files.selection.done') : t('files.selection.start')}
              </Button>
            )}
            {canUpload && (
              <Button
                leftSection={<IconUpload size={16} />}
                onClick={() => setDialog({ kind: 'upload', files: [] })}
              >
                {t('nav.upload')}
              </Button>
            )}
          </Group>
        </Group>
        <Group align="flex-start" gap="xl" wrap="nowrap">
          <Box visibleFrom="md" w={240} style={{ flexShrink: 0 }}>
            {renderSidebar()}
          </Box>
          <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
            <Box hiddenFrom="md">
              <Button
                variant="default"
                size="xs"
                leftSection={<IconTags size={14} />}
                onClick={labelsToggle.toggle}
                aria-expanded={isLabelsOpen}
              >
                {t('labels.title')}
              </Button>
              <Collapse in={isLabelsOpen}>
                <Box pt="sm">{isLabelsOpen && renderSidebar(labelsToggle.close)}</Box>
              </Collapse>
            </Box>
            <Group gap="xs" align="flex-start" wrap="wrap">
              <Box style={{ flex: '1 1 16rem', minWidth: 0 }}>
                <GcodeSearchBar
                  key={filter.search}
                  search={filter.search}
                  onSearch={(search) => updateFilter((current) => ({ ...current, search }))}
                />
              </Box>
              <GcodeOrderSelect
                ordering={filter.ordering}
                onChange={(ordering) => updateFilter((current) => ({ ...current, ordering }))}
              />
            </Group>
            <FilterChips
              chips={chips}
              onRemove={(chip) => updateFilter((current) => removeChip(current, chip))}
            />
            {emptyState ? (
              <GcodesEmptyState
                state={emptyState}
                filterText={chips.map((chip) => describeChip(chip, t)).join(', ')}
              />
            ) : (
              <GcodeList
                gcodes={gcodes}
                canChange={(gcode) => canChangeGcode(gcode, actor)}
                getSelection={
                  selection.isActive
                    ? (gcode) => ({
                        isSelected: selection.isSelected(gcode.id),
                        isSelectable: canChangeGcode(gcode, actor),
                        onToggle: () => selection.toggle(gcode.id),
                      })
                    : undefined
                }
                onAction={onAction}
                hasNextPage={list.hasNextPage}
                isFetchingNextPage={list.isFetchingNextPage}
                // the button and the sentinel may both ask; one request per page
                fetchNextPage={() => void list.fetchNextPage({ cancelRefetch: false })}
              />
            )}
            {selection.isActive && (
              <GcodeSelectionBar
                count={selected.length}
                onChangeLabels={() => setDialog({ kind: 'labels', gcodes: selected })}
                onDelete={() => setDialog({ kind: 'delete', gcodes: selected })}
              />
            )}
          </Stack>
        </Group>
      </Stack>
      {dialog?.kind === 'print' && (
        <PrintDialogLauncher initialFileId={dialog.gcode.id} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'queue' && (
        <QueueItemDialogLauncher gcodeId={dialog.gcode.id} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'upload' && (
        <UploadGcodesDialog initialFiles={dialog.files} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'labels' && (
        <AssignLabelsDialog
          workspaceId={workspace.id}
          gcodes={dialog.gcodes}
          onClose={() => setDialog(null)}
          onDone={selection.clear}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteGcodesDialog
          workspaceId={workspace.id}
          gcodes={dialog.gcodes}
          onClose={() => setDialog(null)}
          onDeleted={selection.clear}
        />
      )}
    </Box>
  );
}
