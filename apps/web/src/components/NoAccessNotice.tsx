import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

interface NoAccessNoticeProps {
  title: string;
  /** why not, in the reader's terms (their role, what is missing) */
  reason: string;
  action: { label: string; to: string };
}

/**
 * A page reached by a direct link that the reader may not use: it says why and what to do,
 * instead of a generic "Request forbidden" whose only button leaves.
 */
export function NoAccessNotice({ title, reason, action }: NoAccessNoticeProps) {
  return (
    <Paper withBorder p="lg" maw={640} data-testid="no-access">
      <Stack gap="sm" align="flex-start">
        <Title order={1} size="h3">
          {title}
        </Title>
        <Text>{reason}</Text>
        <Button component={Link} to={action.to} variant="light">
          {action.label}
        </Button>
      </Stack>
    </Paper>
  );
}
