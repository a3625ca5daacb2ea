import { Group, Progress, Stack, Text } from '@mantine/core';
import type { Spool } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';

/** Remaining of initial grams with a bar; red below the spool's low threshold. */
export function SpoolWeight({ spool }: { spool: Spool }) {
  const { t } = useTranslation();
  const share = spool.initial_weight_g > 0 ? spool.remaining_weight_g / spool.initial_weight_g : 0;
  return (
    <Stack gap={2} miw={120}>
      <Group gap={4} justify="space-between" wrap="nowrap">
        <Text size="sm">
          {t('spools.weight', {
            remaining: Math.round(spool.remaining_weight_g),
            initial: Math.round(spool.initial_weight_g),
          })}
        </Text>
        {spool.is_low && (
          <Text size="xs" c="red" fw={600}>
            {t('spools.low')}
          </Text>
        )}
      </Group>
      <Progress
        value={Math.min(100, share * 100)}
        color={spool.is_low ? 'red' : 'teal'}
        size="sm"
      />
    </Stack>
  );
}
