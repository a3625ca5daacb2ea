import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled box of controls. */
export function ControlPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
