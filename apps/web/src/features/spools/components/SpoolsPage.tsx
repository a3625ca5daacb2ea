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
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getScreenPath } from '../../../config/screens';
import { useCurrentWorkspace } from '../../../shared/workspaces/hooks/current-workspace';
import { useSpools, type SpoolFilter } from '../../../shared/spools/api/get-spools';
import { SpoolDialog } from './SpoolDialog';
import { SpoolSwatch } from '../../../shared/spools/components/SpoolSwatch';
import { SpoolWeight } from './SpoolWeight';

/** The workspace's spool inventory (issue 26): search, filter, add N identical spools. */
export function SpoolsPage() {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const canManage = workspace.me.permissions.includes('MANAGE_SPOOLS');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const [material, setMaterial] = useState<SpoolMaterial | null>(null);
  const [archived, setArchived] = useState<SpoolFilter['archived']>('active');
  const [isLowOnly, setLowOnly] = useState(false);
  const [isAdding, setAdding] = useState(false);
  const query = useSpools(workspace.id, {
    search: debouncedSearch,
    material,
    archived,
    isLowOnly,
  });
  const spools = query.data?.results ?? [];

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('spools.title')}
        </Title>
        {canManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {t('spools.add')}
          </Button>
        )}
      </Group>
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
    </Stack>
  );
}
