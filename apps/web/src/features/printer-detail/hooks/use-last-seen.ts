import { useTranslation } from 'react-i18next';
import { toHumanDate } from '../../../lib/human-date';
import { useClock } from '../../../shared/printers/hooks/clock';

/** "5 minutes ago" for a time in ms since the epoch, kept current by the shared clock. */
export function useAgeText(at: number | null): string | null {
  const { t } = useTranslation();
  return useClock((nowMs) => {
    if (at === null) return null;
    const date = toHumanDate(new Date(at), nowMs);
    if (date.kind === 'date') return date.text;
    if (date.kind === 'seconds') return t('files.date.seconds');
    return t(`files.date.${date.kind}`, { count: date.count });
  });
}
