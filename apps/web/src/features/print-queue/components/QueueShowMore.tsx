import { Button, Group, Text } from '@mantine/core';
import { PRINT_QUEUE_PAGE_DEFAULT, PRINT_QUEUE_PAGE_MAX } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';

/** Under a long Queue or Printed box: how many items are shown, and a button for more. */
export function QueueShowMore(props: {
  shown: number;
  total: number;
  limit: number;
  /** how many more each press asks for */
  step?: number;
  isLoading: boolean;
  onShowMore: (limit: number) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (props.shown >= props.total) return null;
  const step = props.step ?? PRINT_QUEUE_PAGE_DEFAULT;
  const nextLimit = Math.min(props.limit + step, PRINT_QUEUE_PAGE_MAX);
  const more = Math.min(nextLimit - props.shown, props.total - props.shown);
  return (
    <Group justify="space-between" mt="sm" data-testid={props.testId ?? 'queue-show-more'}>
      <Text size="sm" c="dimmed">
        {t('printQueue.queueShown', { shown: props.shown, total: props.total })}
      </Text>
      {more > 0 && (
        <Button
          variant="default"
          size="xs"
          loading={props.isLoading}
          onClick={() => props.onShowMore(nextLimit)}
        >
          {t('printQueue.queueShowMore', { number: more })}
        </Button>
      )}
    </Group>
  );
}
