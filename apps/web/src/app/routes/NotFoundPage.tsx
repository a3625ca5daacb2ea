import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData } from 'react-router';
import { CenteredLayout } from '../../components/CenteredLayout';
import { SCREEN_PATHS } from '../../config/screens';
import type { loadNotFound } from '../guards';
import { ShellLayout } from '../layouts/ShellLayout';

/** Any other path: a signed-in member keeps the app's shell (navigation, user menu). */
export function NotFoundPage() {
  const { hasShell } = useLoaderData<typeof loadNotFound>();
  return hasShell ? (
    <ShellLayout>
      <NotFoundMessage />
    </ShellLayout>
  ) : (
    <CenteredLayout logoTo={SCREEN_PATHS.dashboard}>
      <NotFoundMessage />
    </CenteredLayout>
  );
}

function NotFoundMessage() {
  const { t } = useTranslation();
  return (
    <Stack align="center" ta="center" gap="md" py="xl">
      <Text fz={64} fw={800} c="dimmed" lh={1} aria-hidden>
        404
      </Text>
      <Title order={1} size="h2">
        {t('notFound.title')}
      </Title>
      <Text c="dimmed">{t('notFound.description')}</Text>
      <Button component={Link} to={SCREEN_PATHS.dashboard}>
        {t('notFound.action')}
      </Button>
    </Stack>
  );
}
