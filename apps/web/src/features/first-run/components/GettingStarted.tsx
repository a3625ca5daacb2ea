import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFileUpload, IconPrinter, IconUsersPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getScreenPath } from '../../../config/screens';
import { UploadGcodesDialog } from '../../files';
import { AddPrinterChooser } from '../../printers';
import { useCurrentWorkspace } from '../../workspaces';
import { finishGettingStarted, isGettingStartedPending } from '../getting-started-flag';

function Step(props: { icon: ReactNode; title: string; text: string; action: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs" h="100%">
        <Group gap="xs">
          {props.icon}
          <Text fw={600}>{props.title}</Text>
        </Group>
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          {props.text}
        </Text>
        {props.action}
      </Stack>
    </Paper>
  );
}

/** The short start after the welcome page: three first steps, skippable at any time. */
export function GettingStarted() {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const [isShown, setShown] = useState(isGettingStartedPending);
  const [dialog, setDialog] = useState<'printer' | 'upload' | null>(null);
  if (!isShown) return null;
  const finish = () => {
    finishGettingStarted();
    setShown(false);
  };
  const invitePath = getScreenPath('settingsWorkspaceInviteUsers', { id: workspace.id });

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
          <Button variant="subtle" onClick={finish}>
            {t('firstRun.start.skip')}
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Step
            icon={<IconPrinter size={20} />}
            title={t('firstRun.start.printerTitle')}
            text={t('firstRun.start.printerText')}
            action={<Button onClick={() => setDialog('printer')}>{t('printers.list.add')}</Button>}
          />
          <Step
            icon={<IconFileUpload size={20} />}
            title={t('firstRun.start.uploadTitle')}
            text={t('firstRun.start.uploadText')}
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
