import {
  Badge,
  Button,
  Group,
  List,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { BULK_INVITE_PAUSE_MS, type InviteAnalysis } from '@printdeck/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink } from '../../../components/BackLink';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormMessage } from '../../../components/FormMessage';
import { SectionCard } from '../../../components/SectionCard';
import { getScreenPath } from '../../../config/screens';
import { MailToFilesNotice } from '../../../shared/public-config/components/MailToFilesNotice';
import { useAnalyzeInvites } from '../api/analyze-invites';
import { useInviteMember } from '../api/invite-member';
import {
  countAnalysis,
  countInvalidLines,
  getInvitableEmails,
  getUniqueEmails,
  inviteInSequence,
  parseBulkInviteLines,
  type InviteLogEntry,
} from '../bulk-invite';

/** Spec part 2 §4.7: the analysis waits a second before the report. */
const ANALYSIS_WAIT_MS = 1000;

/** Bulk invite: phase 0 is the list of addresses, phase 1 the analysis report. */
export function BulkInvitePage() {
  const { t } = useTranslation();
  const workspaceId = Number(useParams().id);
  const [text, setText] = useState('');
  const [isChecked, setIsChecked] = useState(false);
  const [analysis, setAnalysis] = useState<InviteAnalysis | null>(null);
  const analyze = useAnalyzeInvites(workspaceId);
  const lines = useMemo(() => parseBulkInviteLines(text), [text]);
  const invalidCount = countInvalidLines(lines);
  const backPath = getScreenPath('settingsWorkspaceEdit', { id: workspaceId }) ?? '/';

  const runAnalysis = () => {
    setIsChecked(true);
    const emails = getUniqueEmails(lines);
    if (invalidCount > 0 || emails.length === 0) return;
    analyze.mutate(emails, {
      onSuccess: (result) => setTimeout(() => setAnalysis(result), ANALYSIS_WAIT_MS),
    });
  };

  return (
    <Stack gap="md" maw={820}>
      <BackLink to={backPath}>{t('members.backToWorkspace')}</BackLink>
      <Title order={1} size="h2">
        {t('members.bulkInvite')}
      </Title>
      {analysis ? (
        <BulkInviteReport
          workspaceId={workspaceId}
          analysis={analysis}
          onBack={() => setAnalysis(null)}
        />
      ) : (
        <SectionCard title={t('members.bulkInputTitle')}>
          <Textarea
            label={t('members.bulkInputLabel')}
            description={t('members.bulkInputHint')}
            minRows={5}
            autosize
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          {lines.length > 0 && (
            <List size="sm" spacing={2} aria-label={t('members.bulkLines')}>
              {lines.map((line) => (
                <List.Item key={line.line}>
                  <Group gap="xs">
                    <Badge size="xs" color={line.isValid ? 'teal' : 'red'}>
                      {line.isValid ? t('members.lineValid') : t('members.lineInvalid')}
                    </Badge>
                    <Text size="sm">
                      {line.line}: {line.email}
                    </Text>
                  </Group>
                </List.Item>
              ))}
            </List>
          )}
          {isChecked && invalidCount > 0 && (
            <FormMessage>{t('members.bulkErrors', { count: invalidCount })}</FormMessage>
          )}
          {analyze.isError && <FormMessage>{analyze.error.message}</FormMessage>}
          <Group>
            <Button
              onClick={runAnalysis}
              loading={analyze.isPending || (analyze.isSuccess && !analysis)}
            >
              {t('members.analyze')}
            </Button>
          </Group>
        </SectionCard>
      )}
    </Stack>
  );
}

function BulkInviteReport(props: {
  workspaceId: number;
  analysis: InviteAnalysis;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const invite = useInviteMember(props.workspaceId);
  const counts = countAnalysis(props.analysis);
  const [log, setLog] = useState<InviteLogEntry[]>([]);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isRunning, setIsRunning] = useState(false);
  const done = new Set(log.map((entry) => entry.email));
  const invitable = getInvitableEmails(props.analysis).filter((email) => !done.has(email));

  const run = async (emails: string[]) => {
    setIsRunning(true);
    await inviteInSequence({
      emails,
      invite: async (email) => {
        const { invitation } = await invite.mutateAsync(email);
        return invitation.delivery === 'pending' ? 'pending' : 'invited';
      },
      pauseMs: BULK_INVITE_PAUSE_MS,
      onEntry: (entry) => setLog((current) => [...current, entry]),
    });
    setIsRunning(false);
  };

  const stats = [
    ['unique', counts.unique],
    ['existing', counts.existing],
    ['new', counts.new],
    ['alreadyInvited', counts.alreadyInvited],
    ['missing', counts.missing],
  ] as const;

  return (
    <>
      <SectionCard title={t('members.reportTitle')}>
        <SimpleGrid cols={{ base: 2, sm: 5 }}>
          {stats.map(([key, value]) => (
            <Stack key={key} gap={0}>
              <Text size="xs" c="dimmed">
                {t(`members.counts.${key}`)}
              </Text>
              <Text fw={700} data-testid={`count-${key}`}>
                {value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Table>
          <Table.Tbody>
            {props.analysis.results.map((result) => {
              const entry = log.find((item) => item.email === result.email);
              const canInvite = result.status === 'new' && !entry;
              return (
                <Table.Tr key={result.email}>
                  <Table.Td>{result.email}</Table.Td>
                  <Table.Td>{t(`members.status.${result.status}`)}</Table.Td>
                  <Table.Td>
                    {entry ? (
                      <Text size="sm">{t(`members.outcome.${entry.outcome}`)}</Text>
                    ) : (
                      canInvite && (
                        <Button
                          size="xs"
                          variant="light"
                          disabled={isRunning}
                          onClick={() => void run([result.email])}
                        >
                          {t('members.inviteOne')}
                        </Button>
                      )
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Group>
          <Button variant="default" onClick={props.onBack} disabled={isRunning}>
            {t('members.editList')}
          </Button>
          <Button
            disabled={invitable.length === 0}
            loading={isRunning}
            onClick={() => setIsConfirming(true)}
          >
            {t('members.inviteAll', { count: invitable.length })}
          </Button>
        </Group>
        <MailToFilesNotice audience="admin" />
      </SectionCard>
      {props.analysis.missing.length > 0 && (
        <SectionCard title={t('members.missingTitle')}>
          <Text size="sm" c="dimmed">
            {t('members.missingHint')}
          </Text>
          <List size="sm">
            {props.analysis.missing.map((member) => (
              <List.Item key={member.userId}>{member.email}</List.Item>
            ))}
          </List>
        </SectionCard>
      )}
      {log.length > 0 && (
        <SectionCard title={t('members.logTitle')}>
          <List size="sm" aria-label={t('members.logTitle')}>
            {log.map((entry) => (
              <List.Item key={entry.email}>
                {entry.email}: {t(`members.outcome.${entry.outcome}`)}
                {entry.message ? ` (${entry.message})` : ''}
              </List.Item>
            ))}
          </List>
        </SectionCard>
      )}
      {isConfirming && (
        <ConfirmDialog
          title={t('members.inviteAllTitle')}
          confirmLabel={t('members.inviteAllConfirm')}
          color="blue"
          onClose={() => setIsConfirming(false)}
          onConfirm={() => {
            setIsConfirming(false);
            void run(invitable);
          }}
        >
          {t('members.inviteAllQuestion', { count: invitable.length })}
        </ConfirmDialog>
      )}
    </>
  );
}
