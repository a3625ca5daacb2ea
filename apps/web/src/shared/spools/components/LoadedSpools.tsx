import { ActionIcon, Anchor, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowsExchange, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getScreenPath } from '../../../config/screens';
import { useCurrentWorkspace } from '../../workspaces/hooks/current-workspace';
import { usePrinterSpools, useUnloadSpool } from '../api/printer-spools';
import { LoadSpoolDialog } from './LoadSpoolDialog';
import { SpoolSwatch } from './SpoolSwatch';

interface LoadedSpoolsProps {
  printer: { id: number; name: string };
  /** the card shows one line per tool; the detail names the tools and offers unloading */
  place: 'card' | 'detail';
}

/** The spools on a printer's tools, with load and swap for MANAGE_SPOOLS (issue 26). */
export function LoadedSpools({ printer, place }: LoadedSpoolsProps) {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const canManage = workspace.me.permissions.includes('MANAGE_SPOOLS');
  const loaded = (usePrinterSpools(workspace.id).data ?? []).filter(
    (row) => row.printer_id === printer.id,
  );
  const unload = useUnloadSpool(workspace.id);
  const [loadingTool, setLoadingTool] = useState<number | null>(null);
  const nextTool = loaded.length === 0 ? 0 : Math.max(...loaded.map((row) => row.tool)) + 1;
  if (!canManage && loaded.length === 0 && place === 'card') return null;

  return (
    <Stack gap={4} className="printer-interactive" data-testid="loaded-spools">
      {loaded.map((row) => (
        <Group
          key={row.tool}
          gap="xs"
          justify="space-between"
          wrap="nowrap"
          data-testid="loaded-spool"
        >
          <Anchor
            component={Link}
            to={getScreenPath('spoolDetail', { id: row.spool.id }) ?? '#'}
            underline="never"
            c="inherit"
            style={{ minWidth: 0 }}
          >
            <Group gap={6} wrap="nowrap">
              {(place === 'detail' || loaded.length > 1) && (
                <Text size="xs" c="dimmed">
                  {t('spools.toolShort', { tool: row.tool + 1 })}
                </Text>
              )}
              <SpoolSwatch spool={row.spool} />
              <Text size="xs" c={row.spool.is_low ? 'red' : 'dimmed'}>
                {t('spools.grams', { value: Math.round(row.spool.remaining_weight_g) })}
              </Text>
            </Group>
          </Anchor>
          {canManage && (
            <Group gap={2} wrap="nowrap">
              <Tooltip label={t('spools.load.swap')}>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={t('spools.load.swap')}
                  onClick={() => setLoadingTool(row.tool)}
                >
                  <IconArrowsExchange size={14} />
                </ActionIcon>
              </Tooltip>
              {place === 'detail' && (
                <Tooltip label={t('spools.load.unload')}>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    color="red"
                    aria-label={t('spools.load.unload')}
                    loading={unload.isPending}
                    onClick={() => unload.mutate({ printerId: printer.id, tool: row.tool })}
                  >
                    <IconX size={14} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          )}
        </Group>
      ))}
      {loaded.length === 0 && place === 'detail' && (
        <Text size="sm" c="dimmed">
          {t('spools.load.nothing')}
        </Text>
      )}
      {canManage && (place === 'detail' || loaded.length === 0) && (
        <Button
          variant="subtle"
          size="compact-xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => setLoadingTool(nextTool)}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('spools.load.open')}
        </Button>
      )}
      {loadingTool !== null && (
        <LoadSpoolDialog
          workspaceId={workspace.id}
          printerId={printer.id}
          printerName={printer.name}
          tool={loadingTool}
          onClose={() => setLoadingTool(null)}
        />
      )}
    </Stack>
  );
}
