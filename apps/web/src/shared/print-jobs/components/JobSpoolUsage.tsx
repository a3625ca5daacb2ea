import { ColorSwatch, Group, Text } from '@mantine/core';
import type { PrintJob } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';

/** What an ended job took from each loaded spool (issue 26): "PETG · Black 12.5 g". */
export function JobSpoolUsage({ usage }: { usage: PrintJob['spool_usage'] }) {
  const { t, i18n } = useTranslation();
  if (usage.length === 0) return null;
  const grams = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <Group gap="sm" data-testid="print-job-spool-usage" aria-label={t('printJobs.spoolUsage')}>
      {usage.map((entry) => (
        <Group key={entry.tool} gap={4} wrap="nowrap" data-testid="print-job-spool-used">
          <ColorSwatch color={entry.color_hex} size={12} />
          <Text size="xs" c="dimmed">
            {t('printJobs.spoolUsed', {
              spool: [t(`spools.materials.${entry.material}`), entry.color_name]
                .filter(Boolean)
                .join(' · '),
              grams: grams.format(entry.grams),
            })}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
