import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getScreenPath } from '../../../config/screens';
import { useCurrentWorkspace } from '../../../shared/workspaces/hooks/current-workspace';
import { useHasPermission } from '../../../shared/workspaces/hooks/use-permission';
import { usePrinterViews } from '../../../shared/printers/hooks/use-printer-views';
import { AddPrinterChooser } from '../../../shared/printers/components/AddPrinterChooser';
import { PrinterCard } from './PrinterCard';

/** The Dashboard's printers: the cards, or an empty state with the add-printer button. */
export function DashboardPrinters() {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const canChangeGroup = useHasPermission('CHANGE_GROUP');
  const { views, printers, isLoading } = usePrinterViews(workspace.id);
  const [isChooserOpen, setChooserOpen] = useState(false);
  if (isLoading) return null;
  const printersPath = getScreenPath('printers');

  return (
    <Stack gap="md" component="section" aria-labelledby="dashboard-printers">
      <Group justify="space-between">
        <Title order={2} size="h3" id="dashboard-printers">
          {t('printers.list.title')}
        </Title>
        {printers && printers.length > 0 && printersPath && (
          <Button component={Link} to={printersPath} variant="subtle" size="sm">
            {t('printers.dashboard.all')}
          </Button>
        )}
      </Group>
      {printers?.length === 0 ? (
        <Paper withBorder p="xl" data-testid="printers-empty">
          <Stack align="center" gap="sm">
            <IconPrinter size={40} stroke={1.3} color="var(--mantine-color-dimmed)" />
            <Text c="dimmed" ta="center">
              {t('printers.dashboard.empty')}
            </Text>
            {canChangeGroup && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setChooserOpen(true)}>
                {t('printers.list.add')}
              </Button>
            )}
          </Stack>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3, xl: 4 }} spacing="md">
          {[...views.values()].map((view) => (
            <PrinterCard key={view.printer.id} view={view} showCamera={false} />
          ))}
        </SimpleGrid>
      )}
      {isChooserOpen && (
        <AddPrinterChooser groupId={workspace.id} onClose={() => setChooserOpen(false)} />
      )}
    </Stack>
  );
}
