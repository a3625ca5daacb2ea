import {
  Anchor,
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SPOOL_MATERIALS, type SpoolMaterial } from '@printdeck/shared';
import { IconPlus, IconPrinter, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getScreenPath } from '../../../config/screens';
import { useCurrentWorkspace } from '../../../shared/workspaces/hooks/current-workspace';
import {
  DEFAULT_SPOOL_FILTER,
  useSpools,
  type SpoolFilter,
} from '../../../shared/spools/api/get-spools';
import { useSpoolman } from '../api/spoolman';
import { SpoolDialog } from './SpoolDialog';
import { SpoolLabelsDialog } from './SpoolLabelsDialog';
import { SpoolSwatch } from '../../../shared/spools/components/SpoolSwatch';
import { SpoolWeight } from './SpoolWeight';

/**
 * The workspace's spool inventory (issue 26): search, filter, add N identical spools, print the
 * labels of the selected (or all listed) spools. With Spoolman connected, spools are added there.
 */
export function SpoolsPage() {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const canManage = workspace.me.permissions.includes('MANAGE_SPOOLS');
  // the first list is the one the route's loader asked for (DEFAULT_SPOOL_FILTER)
  const [search, setSearch] = useState(DEFAULT_SPOOL_FILTER.search);
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const [material, setMaterial] = useState(DEFAULT_SPOOL_FILTER.material);
  const [archived, setArchived] = useState(DEFAULT_SPOOL_FILTER.archived);
  const [isLowOnly, setLowOnly] = useState(DEFAULT_SPOOL_FILTER.isLowOnly);
  const [isAdding, setAdding] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [isPrintingLabels, setPrintingLabels] = useState(false);
  const isFromSpoolman = Boolean(useSpoolman(workspace.id).data?.connection);
  const query = useSpools(workspace.id, {
    search: debouncedSearch,
    material,
    archived,
    isLowOnly,
  });
  const spools = query.data?.results ?? [];
  // the selected spools that the list still shows; none selected: every spool it shows
  const chosen = spools.filter((spool) => selected.has(spool.id));
  const labelled = chosen.length > 0 ? chosen : spools;
  const toggle = (id: number, isOn: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (isOn) next.add(id);
      else next.delete(id);
      return next;
    });
  const isAllChosen = spools.length > 0 && chosen.length === spools.length;

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('spools.title')}
        </Title>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} />}
            disabled={spools.length === 0}
            onClick={() => setPrintingLabels(true)}
          >
            {chosen.length > 0
              ? t('spools.labels.printSelected', { count: chosen.length })
              : t('spools.labels.printAll')}
          </Button>
          {canManage && !isFromSpoolman && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              {t('spools.add')}
            </Button>
          )}
        </Group>
      </Group>
      {isFromSpoolman && (
        <Text size="sm" c="dimmed" data-testid="spools-from-spoolman">
          {t('spoolman.managedThere')}
        </Text>
      )}
      <Group gap="sm" align="flex-end">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('spools.searchPlaceholder')}
          aria-label={t('spools.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <Select
          aria-label={t('spools.fields.material')}
          placeholder={t('spools.anyMaterial')}
          data={SPOOL_MATERIALS.map((m) => ({ value: m, label: t(`spools.materials.${m}`) }))}
          value={material}
          onChange={(value) => setMaterial(value as SpoolMaterial | null)}
          clearable
          w={160}
        />
        <SegmentedControl
          value={archived}
          onChange={(value) => setArchived(value as SpoolFilter['archived'])}
          data={[
            { value: 'active', label: t('spools.filter.active') },
            { value: 'archived', label: t('spools.filter.archived') },
            { value: 'all', label: t('spools.filter.all') },
          ]}
        />
        <Checkbox
          label={t('spools.filter.lowOnly')}
          checked={isLowOnly}
          onChange={(e) => setLowOnly(e.currentTarget.checked)}
          mb={8}
        />
      </Group>
      <Text size="sm" c="dimmed" data-testid="spools-count">
        {t('spools.count', { count: query.data?.count ?? 0 })}
      </Text>
      {spools.length === 0 ? (
        !query.isPending && <Text>{t('spools.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={700}>
          <Table highlightOnHover data-testid="spools-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t('spools.labels.selectAll')}
                    checked={isAllChosen}
                    indeterminate={chosen.length > 0 && !isAllChosen}
                    onChange={(e) =>
                      setSelected(
                        e.currentTarget.checked ? new Set(spools.map((s) => s.id)) : new Set(),
                      )
                    }
                  />
                </Table.Th>
                <Table.Th>{t('spools.columns.spool')}</Table.Th>
                <Table.Th>{t('spools.fields.brand')}</Table.Th>
                <Table.Th>{t('spools.columns.left')}</Table.Th>
                <Table.Th>{t('spools.fields.location')}</Table.Th>
                <Table.Th>{t('spools.columns.loadedOn')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {spools.map((spool) => (
                <Table.Tr key={spool.id} data-testid="spool-row">
                  <Table.Td>
                    <Checkbox
                      aria-label={t('spools.labels.select', { id: spool.id })}
                      checked={selected.has(spool.id)}
                      onChange={(e) => toggle(spool.id, e.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={getScreenPath('spoolDetail', { id: spool.id }) ?? '#'}
                      underline="never"
                    >
                      <Group gap="xs" wrap="nowrap">
                        <Text size="sm" c="dimmed">
                          #{spool.id}
                        </Text>
                        <SpoolSwatch spool={spool} />
                      </Group>
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{spool.brand}</Table.Td>
                  <Table.Td>
                    <SpoolWeight spool={spool} />
                  </Table.Td>
                  <Table.Td>{spool.location}</Table.Td>
                  <Table.Td>
                    {spool.loaded_on
                      ? t('spools.loadedOn', {
                          printer: spool.loaded_on.printer_name,
                          tool: spool.loaded_on.tool + 1,
                        })
                      : spool.is_archived
                        ? t('spools.archived')
                        : '—'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {isAdding && <SpoolDialog workspaceId={workspace.id} onClose={() => setAdding(false)} />}
      {isPrintingLabels && (
        <SpoolLabelsDialog
          workspaceId={workspace.id}
          spools={labelled}
          onClose={() => setPrintingLabels(false)}
        />
      )}
    </Stack>
  );
}
