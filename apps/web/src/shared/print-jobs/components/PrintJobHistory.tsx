import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { PrintJob } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getScreenPath } from '../../../config/screens';
import { HumanDateText } from '../../../components/HumanDateText';
import { useCurrentWorkspace } from '../../workspaces/hooks/current-workspace';
import { usePrintJobs, type PrintJobFilter } from '../api/get-print-jobs';
import { getEndReasonDisplay, getOutcomeDisplay } from '../model/print-job-display';
import { VideoStateBadge } from '../../videos/components/VideoStateBadge';
import { BreakableText } from '../../../components/BreakableText';
import { JobSpoolUsage } from './JobSpoolUsage';
import { formatDecimal, formatMoney } from '../../../lib/number-locale';

function JobRow({ job, show }: { job: PrintJob; show: 'file' | 'printer' | 'both' }) {
  const { t } = useTranslation();
  const outcome = getOutcomeDisplay(job.outcome);
  const endReason = getEndReasonDisplay(job);
  const filePath =
    job.file_exists && job.file_id !== null
      ? getScreenPath('gcodeDetail', { id: job.file_id })
      : null;
  const printerPath =
    job.printer_exists && job.printer_id !== null
      ? getScreenPath('printerDetail', { id: job.printer_id })
      : null;
  const named = (
    name: string,
    path: string | null | undefined,
    deletedKey: 'printJobs.fileDeleted' | 'printJobs.printerDeleted',
  ) =>
    path ? (
      <Anchor component={Link} to={path} fw={500} style={{ overflowWrap: 'anywhere' }}>
        <BreakableText>{name}</BreakableText>
      </Anchor>
    ) : (
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
        <BreakableText>{name}</BreakableText>{' '}
        <Text span size="xs" c="dimmed">
          ({t(deletedKey)})
        </Text>
      </Text>
    );
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      p="sm"
      data-testid="print-job"
      data-outcome={job.outcome}
      style={{ listStyle: 'none', borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        {show !== 'printer' && named(job.file_name, filePath, 'printJobs.fileDeleted')}
        {show !== 'file' && named(job.printer_name, printerPath, 'printJobs.printerDeleted')}
        <Group gap={6}>
          <Text size="xs" c="dimmed" data-testid="print-job-who">
            {job.started_on_printer ? t('printJobs.startedOnPrinter') : job.username}
          </Text>
          <HumanDateText value={job.started_on} size="xs" c="dimmed" />
        </Group>
        {endReason && (
          <Text size="xs" c="dimmed" data-testid="print-job-end-reason">
            {t(endReason.key, { reason: endReason.reason })}
          </Text>
        )}
        <JobSpoolUsage usage={job.spool_usage} />
        {job.cost && (
          <Text size="xs" c="dimmed" data-testid="print-job-cost">
            {t('printJobs.cost', { amount: formatMoney(job.cost.total, job.cost.currency) })}
          </Text>
        )}
        {job.energy_kwh !== null && (
          <Text size="xs" c="dimmed" data-testid="print-job-energy">
            {t('printJobs.energy', { kwh: formatDecimal(job.energy_kwh, 3, true) })}
          </Text>
        )}
      </Stack>
      {/* the badges keep their words; the names give way (a badge cut to "VID…" says nothing) */}
      <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
        {job.make_video && job.video_state === 'READY' && (
          <Anchor
            component={Link}
            to={getScreenPath('videoDetail', { id: job.id }) ?? ''}
            size="sm"
            data-testid="print-job-video"
          >
            <VideoStateBadge state="READY" />
          </Anchor>
        )}
        {job.make_video && job.video_state === null && (
          <Badge variant="outline" color="gray" radius="sm">
            {t('printJobs.video')}
          </Badge>
        )}
        {job.make_video && job.video_state !== null && job.video_state !== 'READY' && (
          <VideoStateBadge state={job.video_state} />
        )}
        <Badge color={outcome.color} variant="light">
          {t(outcome.key)}
        </Badge>
      </Group>
    </Group>
  );
}

interface PrintJobHistoryProps {
  filter: PrintJobFilter;
  /** which names a row shows: the file (a printer's history), the printer (a file's), both */
  show: 'file' | 'printer' | 'both';
  limit?: number;
  /** the dashboard shows one page only */
  withLoadMore?: boolean;
}

/** Print jobs, newest first, with Load more (spec part 2 §7.4). */
export function PrintJobHistory({
  filter,
  show,
  limit,
  withLoadMore = true,
}: PrintJobHistoryProps) {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const jobs = usePrintJobs(workspace.id, filter, limit);
  if (!jobs.data) return <Skeleton h={80} radius="md" />;
  const all = jobs.data.pages.flatMap((page) => page.results);
  if (all.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="print-jobs-empty">
        {t('printJobs.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Paper withBorder style={{ overflow: 'hidden' }}>
        <Stack gap={0} component="ul" m={0} p={0} mt={-1} data-testid="print-jobs">
          {all.map((job) => (
            <JobRow key={job.id} job={job} show={show} />
          ))}
        </Stack>
      </Paper>
      {withLoadMore && jobs.hasNextPage && (
        <Button
          variant="default"
          size="xs"
          loading={jobs.isFetchingNextPage}
          onClick={() => void jobs.fetchNextPage()}
          style={{ alignSelf: 'center' }}
        >
          {t('printJobs.loadMore')}
        </Button>
      )}
    </Stack>
  );
}
