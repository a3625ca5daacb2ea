import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPlayerPlay, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../../lib/format-units';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useLocalFiles } from '../api/get-local-files';
import { startLocalFile } from '../api/start-local-file';
import { usePrinterCommands } from '../../../shared/printers/hooks/use-printer-commands';
import type { PrinterView } from '../../../shared/printers/model/printer-view';

/** The files stored on the printer; printing one asks for a confirmation first. */
export function LocalFilesTab({ view }: { view: PrinterView }) {
  const { t } = useTranslation();
  const files = useLocalFiles(view.printer.id);
  const commands = usePrinterCommands();
  const [chosen, setChosen] = useState<string | null>(null);
  const [isStarting, setStarting] = useState(false);
  const canStart = view.printerState === 'READY_TO_PRINT';

  const start = async (path: string) => {
    setStarting(true);
    try {
      await startLocalFile({ printerId: view.printer.id, path });
    } catch (error) {
      commands.handleError(error);
    } finally {
      setStarting(false);
      setChosen(null);
    }
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h5">
            {t('printers.files.title')}
          </Title>
          <Tooltip label={t('printers.files.reload')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('printers.files.reload')}
              loading={files.isFetching}
              onClick={() => void files.refetch()}
            >
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        {files.isPending && <Loader size="sm" />}
        {files.isError && <Alert color="red">{t('printers.files.unavailable')}</Alert>}
        {files.data?.length === 0 && <Text c="dimmed">{t('printers.files.empty')}</Text>}
        {files.data && files.data.length > 0 && (
          <Table.ScrollContainer minWidth={300}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('printers.files.path')}</Table.Th>
                  <Table.Th ta="right">{t('printers.files.size')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {files.data.map((file) => (
                  <Table.Tr key={file.path}>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{file.path}</Table.Td>
                    <Table.Td ta="right">{formatFileSize(file.size)}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconPlayerPlay size={14} />}
                        disabled={!canStart}
                        onClick={() => setChosen(file.path)}
                      >
                        {t('printers.files.print')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {chosen && (
        <ConfirmDialog
          title={t('printers.files.confirmTitle')}
          confirmLabel={t('printers.files.print')}
          color="indigo"
          isPending={isStarting}
          onClose={() => setChosen(null)}
          onConfirm={() => void start(chosen)}
        >
          {t('printers.files.confirm', { path: chosen, name: view.printer.name })}
        </ConfirmDialog>
      )}
    </Paper>
  );
}
