import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconFileUpload, IconPrinter, IconUsersPlus } from '@tabler/icons-react';
import { useEffect, useReducer, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getScreenPath } from '../../config/screens';
import { UploadGcodesDialog } from '../../features/files';
import { AddPrinterChooser } from '../../shared/printers/components/AddPrinterChooser';
import { useCurrentWorkspace } from '../../shared/workspaces/hooks/current-workspace';
import {
  isEveryStepDone,
  useGettingStarted,
} from '../../features/first-run/api/get-getting-started';
import {
  claimPendingGettingStarted,
  finishGettingStarted,
  isGettingStartedPending,
  readGettingStarted,
} from '../../features/first-run/getting-started-flag';

function Step(props: {
  icon: ReactNode;
  title: string;
  text: string;
  isDone: boolean;
  action: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={props.title}>
      <Stack gap="xs" h="100%">
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            {props.icon}
            <Text fw={600}>{props.title}</Text>
          </Group>
          {props.isDone && (
            <Badge color="green" variant="light" leftSection={<IconCircleCheck size={14} />}>
              {t('firstRun.start.done')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          {props.text}
        </Text>
        {!props.isDone && props.action}
      </Stack>
    </Paper>
  );
}

/**
 * The short start after the welcome page: three first steps, each ticked when the server's data
 * says it happened; gone when all are done or skipped.
 */
export function GettingStarted() {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [dialog, setDialog] = useState<'printer' | 'upload' | null>(null);
  const canManage = workspace.me.permissions.includes('CHANGE_GROUP');
  const mark = readGettingStarted(workspace.id);
  const isPending = isGettingStartedPending();
  const { data: steps } = useGettingStarted(
    workspace.id,
    canManage && (mark === 'shown' || isPending),
  );
  const isComplete = steps !== undefined && isEveryStepDone(steps);

  useEffect(() => {
    if (!steps) return;
    if (isPending) {
      claimPendingGettingStarted(workspace.id, steps.printer_added && steps.file_uploaded);
      rerender();
    } else if (mark === 'shown' && isComplete) {
      finishGettingStarted(workspace.id);
    }
  }, [steps, isPending, mark, isComplete, workspace.id]);

  if (!canManage || mark !== 'shown' || !steps || isComplete) return null;
  const skip = () => {
    finishGettingStarted(workspace.id);
    rerender();
  };
  const invitePath = getScreenPath('settingsWorkspaceInviteUsers', { id: workspace.id });
  const isWaitingForAgent = steps.printer_added && !steps.printer_connected;

  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="getting-started">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={2} size="h3" id="getting-started">
              {t('firstRun.start.title')}
            </Title>
            <Text c="dimmed">{t('firstRun.start.description')}</Text>
          </Stack>
          <Button variant="subtle" onClick={skip}>
            {t('firstRun.start.skip')}
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Step
            icon={<IconPrinter size={20} />}
            title={t('firstRun.start.printerTitle')}
            text={t(
              isWaitingForAgent ? 'firstRun.start.printerWaiting' : 'firstRun.start.printerText',
            )}
            isDone={steps.printer_connected}
            action={<Button onClick={() => setDialog('printer')}>{t('printers.list.add')}</Button>}
          />
          <Step
            icon={<IconFileUpload size={20} />}
            title={t('firstRun.start.uploadTitle')}
            text={t('firstRun.start.uploadText')}
            isDone={steps.file_uploaded}
            action={
              <Button variant="light" onClick={() => setDialog('upload')}>
                {t('firstRun.start.upload')}
              </Button>
            }
          />
          <Step
            icon={<IconUsersPlus size={20} />}
            title={t('firstRun.start.inviteTitle')}
            text={t('firstRun.start.inviteText')}
            isDone={steps.member_invited}
            action={
              invitePath && (
                <Button variant="light" component={Link} to={invitePath}>
                  {t('firstRun.start.invite')}
                </Button>
              )
            }
          />
        </SimpleGrid>
      </Stack>
      {dialog === 'printer' && (
        <AddPrinterChooser groupId={workspace.id} onClose={() => setDialog(null)} />
      )}
      {dialog === 'upload' && <UploadGcodesDialog onClose={() => setDialog(null)} />}
    </Paper>
  );
}
