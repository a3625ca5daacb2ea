import { ActionIcon, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { TIMING } from '@printdeck/shared';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  clearBackgroundTasks,
  getBackgroundTasks,
  useBackgroundTasks,
} from '../hooks/background-task-store';
import { shouldAutoClose, type BackgroundTask } from '../model/background-tasks';
import classes from './background-task-list.module.css';

/** Tracked printer commands, running then done; the list closes itself (spec part 1 §2). */
export function BackgroundTaskList() {
  const { t } = useTranslation();
  const { tasks } = useBackgroundTasks();
  const hasTasks = tasks.length > 0;

  useEffect(() => {
    if (!hasTasks) return undefined;
    const timer = setInterval(() => {
      if (shouldAutoClose(getBackgroundTasks(), Date.now())) clearBackgroundTasks();
    }, TIMING.backgroundTaskCheckMs);
    return () => clearInterval(timer);
  }, [hasTasks]);

  if (!hasTasks) return null;
  return (
    <Paper
      shadow="md"
      withBorder
      p="sm"
      className={classes.list}
      role="log"
      aria-label={t('printers.tasks.title')}
      data-testid="background-tasks"
    >
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Text size="sm" fw={600}>
          {t('printers.tasks.title')}
        </Text>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={t('common.close')}
          onClick={clearBackgroundTasks}
        >
          <IconX size={14} />
        </ActionIcon>
      </Group>
      <Stack gap={6}>
        {tasks.map((task) => (
          <TaskRow key={task.id} task={task} />
        ))}
      </Stack>
    </Paper>
  );
}

function TaskRow({ task }: { task: BackgroundTask }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" data-testid="background-task" data-status={task.status}>
      {task.status === 'running' && <Loader size={14} />}
      {task.status === 'done' && <IconCheck size={16} color="var(--mantine-color-teal-6)" />}
      {task.status === 'failed' && <IconX size={16} color="var(--mantine-color-red-6)" />}
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" truncate>
          {t(`printers.tasks.${task.kind}`, { name: task.printerName })}
        </Text>
        <Text size="xs" c="dimmed" truncate title={task.error}>
          {task.status === 'failed' && task.error ? task.error : t(`printers.tasks.${task.status}`)}
        </Text>
      </Stack>
    </Group>
  );
}
