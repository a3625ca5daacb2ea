import { Button, Checkbox, Group, Stack, Switch } from '@mantine/core';
import type { NotificationSettings, TestNotificationResult, Workspace } from '@printdeck/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../components/FormMessage';
import { PageLoader } from '../../../components/PageLoader';
import { SectionCard } from '../../../components/SectionCard';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useSendTestNotification } from '../api/send-test-notification';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';
import { TestResult } from './TestResult';
import {
  isNotificationFormDirty,
  needsTelegramLink,
  toNotificationForm,
  toNotificationUpdate,
  type NotificationForm,
} from '../notification-form';

interface NotificationBoxProps {
  workspace: Workspace;
  isTelegramLinked: boolean;
}

export function NotificationBox({ workspace, isTelegramLinked }: NotificationBoxProps) {
  const settings = useNotificationSettings(workspace.id);
  return (
    <SectionCard title={workspace.name}>
      {settings.data ? (
        <NotificationEditor
          // a reload (Cancel, Save) starts the form again from the record
          key={settings.dataUpdatedAt}
          workspaceId={workspace.id}
          settings={settings.data}
          isTelegramLinked={isTelegramLinked}
          onReload={() => void settings.refetch()}
        />
      ) : (
        <PageLoader />
      )}
    </SectionCard>
  );
}

function NotificationEditor(props: {
  workspaceId: number;
  settings: NotificationSettings;
  isTelegramLinked: boolean;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  const saved = toNotificationForm(props.settings);
  const [form, setForm] = useState<NotificationForm>(saved);
  const update = useUpdateNotificationSettings(props.workspaceId);
  const sendTest = useSendTestNotification();
  const [testResult, setTestResult] = useState<TestNotificationResult | null>(null);
  const isDirty = isNotificationFormDirty(saved, form);
  const setTelegram = (patch: Partial<NotificationForm['telegram']>) =>
    setForm({ ...form, telegram: { ...form.telegram, ...patch } });
  const setEmail = (patch: Partial<NotificationForm['email']>) =>
    setForm({ ...form, email: { ...form.email, ...patch } });

  return (
    <Stack gap="sm">
      <Switch
        label={t('notifications.telegram')}
        checked={form.telegram.enabled}
        onChange={(event) => setTelegram({ enabled: event.currentTarget.checked })}
      />
      {form.telegram.enabled && (
        <Stack gap={6} pl="xl">
          <Checkbox
            label={t('notifications.videoFailure')}
            checked={form.telegram.printjob_video_failure_alert}
            onChange={(event) =>
              setTelegram({ printjob_video_failure_alert: event.currentTarget.checked })
            }
          />
          <Checkbox
            label={t('notifications.printDone')}
            checked={form.telegram.printjob_event_done}
            onChange={(event) => setTelegram({ printjob_event_done: event.currentTarget.checked })}
          />
        </Stack>
      )}
      {needsTelegramLink(form, props.isTelegramLinked) && (
        <FormMessage title={t('notifications.telegramHintTitle')}>
          {t('notifications.telegramHint')}
        </FormMessage>
      )}
      <Switch
        label={t('notifications.email')}
        checked={form.email.enabled}
        onChange={(event) => setEmail({ enabled: event.currentTarget.checked })}
      />
      {form.email.enabled && (
        <Stack gap={6} pl="xl">
          <Checkbox
            label={t('notifications.videoFailure')}
            checked={form.email.printjob_video_failure_alert}
            onChange={(event) =>
              setEmail({ printjob_video_failure_alert: event.currentTarget.checked })
            }
          />
        </Stack>
      )}
      {update.isError && <FormMessage>{update.error.message}</FormMessage>}
      {sendTest.isError && <FormMessage>{sendTest.error.message}</FormMessage>}
      {testResult && <TestResult result={testResult} />}
      <Group>
        <Button
          disabled={!isDirty}
          loading={update.isPending}
          onClick={() => update.mutate({ id: props.settings.id, body: toNotificationUpdate(form) })}
        >
          {t('notifications.save')}
        </Button>
        <Button variant="default" disabled={!isDirty} onClick={props.onReload}>
          {t('common.cancel')}
        </Button>
        {!isDirty && (
          <Button
            variant="light"
            loading={sendTest.isPending}
            onClick={() =>
              sendTest.mutate(props.settings.id, {
                onSuccess: (result) => setTestResult(result),
              })
            }
          >
            {t('notifications.sendTest')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
