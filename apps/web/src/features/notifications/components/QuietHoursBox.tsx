import {
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { NotificationPreferences } from '@printdeck/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { FormMessage } from '../../../components/FormMessage';
import { TimeField } from '../../../components/TimeField';
import {
  useNotificationPreferences,
  useUpdateNotificationPreferences,
} from '../api/notification-preferences-api';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const HOURS = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${String(hour).padStart(2, '0')}:00`,
}));

function QuietHoursForm({ saved }: { saved: NotificationPreferences }) {
  const { t } = useTranslation();
  const update = useUpdateNotificationPreferences();
  // a member who never set a zone gets the browser's own
  const [timeZone, setTimeZone] = useState(
    saved.quiet_hours || saved.digest_hour !== null ? saved.time_zone : browserZone(),
  );
  const [isQuiet, setIsQuiet] = useState(saved.quiet_hours !== null);
  const [start, setStart] = useState(saved.quiet_hours?.start ?? '22:00');
  const [end, setEnd] = useState(saved.quiet_hours?.end ?? '07:00');
  const [errorsPierce, setErrorsPierce] = useState(saved.errors_pierce);
  const [digestHour, setDigestHour] = useState<string | null>(
    saved.digest_hour === null ? null : String(saved.digest_hour),
  );
  const error = isApiError(update.error) ? update.error : null;
  const fieldError = (field: string) => error?.getFieldErrors(field).join(' ') || undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({
      time_zone: timeZone.trim(),
      quiet_hours: isQuiet ? { start, end } : null,
      errors_pierce: errorsPierce,
      digest_hour: digestHour === null ? null : Number(digestHour),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('quietHours.timeZone')}
          description={t('quietHours.timeZoneHint')}
          value={timeZone}
          onChange={(event) => setTimeZone(event.currentTarget.value)}
          error={fieldError('time_zone')}
        />
        <Switch
          label={t('quietHours.enabled')}
          checked={isQuiet}
          onChange={(event) => setIsQuiet(event.currentTarget.checked)}
        />
        {isQuiet && (
          <SimpleGrid cols={2} spacing="sm">
            <TimeField
              label={t('quietHours.start')}
              value={start}
              onChange={setStart}
              error={fieldError('quiet_hours.start')}
            />
            <TimeField
              label={t('quietHours.end')}
              value={end}
              onChange={setEnd}
              error={fieldError('quiet_hours.end')}
            />
          </SimpleGrid>
        )}
        <Switch
          label={t('quietHours.errorsPierce')}
          description={t('quietHours.errorsPierceHint')}
          checked={errorsPierce}
          onChange={(event) => setErrorsPierce(event.currentTarget.checked)}
        />
        <Select
          label={t('quietHours.digest')}
          description={t('quietHours.digestHint')}
          placeholder={t('quietHours.digestOff')}
          data={HOURS}
          value={digestHour}
          onChange={setDigestHour}
          clearable
          allowDeselect
        />
        {update.error && !error?.getFieldErrors('time_zone').length && (
          <FormMessage>{update.error.message}</FormMessage>
        )}
        {update.isSuccess && (
          <Text size="sm" c="teal" role="status">
            {t('quietHours.saved')}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={update.isPending}>
            {t('quietHours.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Quiet hours (messages wait; failures may pierce) and a daily digest, for all my channels. */
export function QuietHoursBox() {
  const { t } = useTranslation();
  const preferences = useNotificationPreferences();
  return (
    <Stack gap="sm" component="section" aria-labelledby="quiet-hours-title">
      <Title order={2} size="h4" id="quiet-hours-title">
        {t('quietHours.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('quietHours.intro')}
      </Text>
      {preferences.data && <QuietHoursForm saved={preferences.data} />}
    </Stack>
  );
}
