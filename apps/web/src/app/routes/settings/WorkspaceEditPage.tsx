import { Anchor, Button, Group, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { STAGGER_LIMITS, type Workspace } from '@printdeck/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { BackLink } from '../../../components/BackLink';
import { FormMessage } from '../../../components/FormMessage';
import { PageLoader } from '../../../components/PageLoader';
import { SectionCard } from '../../../components/SectionCard';
import { SCREEN_PATHS, getScreenPath } from '../../../config/screens';
import { MembersSection } from '../../../features/members';
import { MailServerSetup } from '../../../shared/public-config/components/MailServerSetup';
import { SpoolmanSection } from '../../../features/spools';
import { WebhooksSection } from '../../../features/webhooks';
import { HomeAssistantSection } from '../../../features/home-assistant';
import { useWorkspace } from '../../../features/workspace-settings/api/get-workspace';
import { useUpdateWorkspace } from '../../../features/workspace-settings/api/update-workspace';
import {
  toWorkspaceFormValues,
  toWorkspaceUpdate,
  validateWorkspaceForm,
  type WorkspaceFormErrors,
} from '../../../features/workspace-settings/workspace-form';
import { AvatarPicker } from '../../../features/workspace-settings/components/AvatarPicker';
import { DescriptionHtml } from '../../../features/workspace-settings/components/DescriptionHtml';
import { WorkspaceProfileFields } from '../../../features/workspace-settings/components/WorkspaceProfileFields';
import { WorkspaceProfileReadOnly } from '../../../features/workspace-settings/components/WorkspaceProfileReadOnly';
import { CostFields } from '../../../features/workspace-settings/components/CostFields';

/** Settings → Workspaces → one workspace: profile, switches, members and invitations. */
export function WorkspaceEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const workspace = useWorkspace(id);
  const isNotFound = isApiError(workspace.error) && workspace.error.status === 404;

  useEffect(() => {
    if (!isNotFound) return;
    notifications.show({
      color: 'red',
      title: t('workspaceSettings.notFoundTitle'),
      message: t('workspaceSettings.notFound', { id }),
    });
  }, [isNotFound, id, t]);

  if (isNotFound || workspace.isError)
    return <Navigate to={SCREEN_PATHS.settingsWorkspaces} replace />;
  if (!workspace.data) return <PageLoader />;
  return <WorkspaceEditor workspace={workspace.data} />;
}

function WorkspaceEditor({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const [values, setValues] = useState(() => toWorkspaceFormValues(workspace));
  const [errors, setErrors] = useState<WorkspaceFormErrors>({});
  const update = useUpdateWorkspace(workspace.id);
  const canChange = workspace.me.permissions.includes('CHANGE_GROUP');
  const canManageMembers = workspace.me.permissions.includes('MANAGE_GROUP_MEMBERS');
  const publicPath = getScreenPath('publicProfile', { uniqueId: workspace.uniqueId }) ?? '/';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateWorkspaceForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate(toWorkspaceUpdate(values), {
      onSuccess: () => notifications.show({ color: 'teal', message: t('workspaceSettings.saved') }),
    });
  };

  return (
    <Stack gap="md" maw={820}>
      <BackLink to={SCREEN_PATHS.settingsWorkspaces}>{t('workspaceSettings.backToList')}</BackLink>
      <Title order={1} size="h2">
        {workspace.name}
      </Title>
      {canChange ? (
        <SectionCard title={t('workspaceSettings.profile')}>
          <AvatarPicker workspace={workspace} />
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <WorkspaceProfileFields
                values={values}
                errors={errors}
                initialDescription={workspace.public_description}
                onChange={setValues}
              />
              <Switch
                label={t('workspaceSettings.isPublic')}
                checked={values.isPublic}
                onChange={(event) =>
                  setValues({ ...values, isPublic: event.currentTarget.checked })
                }
              />
              {workspace.is_public && (
                <Text size="sm">
                  {t('workspaceSettings.publicLink')}{' '}
                  <Anchor component={Link} to={publicPath}>
                    {window.location.origin + publicPath}
                  </Anchor>
                </Text>
              )}
              <Switch
                label={t('workspaceSettings.printQueue')}
                description={t('workspaceSettings.printQueueHint')}
                checked={values.isPrintQueueEnabled}
                onChange={(event) =>
                  setValues({ ...values, isPrintQueueEnabled: event.currentTarget.checked })
                }
              />
              {values.isPrintQueueEnabled && (
                <Switch
                  label={t('printQueue.dispatch')}
                  description={t('printQueue.dispatchHint')}
                  checked={values.isQueueDispatchEnabled}
                  onChange={(event) =>
                    setValues({ ...values, isQueueDispatchEnabled: event.currentTarget.checked })
                  }
                  data-testid="queue-dispatch-switch"
                />
              )}
              {values.isPrintQueueEnabled && (
                <Group grow align="flex-start">
                  <NumberInput
                    label={t('workspaceSettings.staggerMaxHeating')}
                    description={t('workspaceSettings.staggerMaxHeatingHint')}
                    min={1}
                    max={STAGGER_LIMITS.maxHeating}
                    allowDecimal={false}
                    value={values.staggerMaxHeating ?? ''}
                    onChange={(value) =>
                      setValues({
                        ...values,
                        staggerMaxHeating: typeof value === 'number' ? value : null,
                      })
                    }
                    data-testid="stagger-max-heating"
                  />
                  <NumberInput
                    label={t('workspaceSettings.staggerInterval')}
                    description={t('workspaceSettings.staggerIntervalHint')}
                    min={1}
                    max={STAGGER_LIMITS.intervalMaxS}
                    allowDecimal={false}
                    value={values.staggerIntervalS ?? ''}
                    onChange={(value) =>
                      setValues({
                        ...values,
                        staggerIntervalS: typeof value === 'number' ? value : null,
                      })
                    }
                    data-testid="stagger-interval"
                  />
                </Group>
              )}
              <CostFields values={values} onChange={setValues} error={update.error} />
              {update.isError && <FormMessage>{update.error.message}</FormMessage>}
              <Group>
                <Button type="submit" loading={update.isPending}>
                  {t('workspaceSettings.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        </SectionCard>
      ) : (
        <SectionCard title={t('workspaceSettings.profile')}>
          <WorkspaceProfileReadOnly workspace={workspace} />
        </SectionCard>
      )}
      {canChange && workspace.public_description && (
        <SectionCard title={t('workspaceSettings.preview')}>
          <DescriptionHtml html={workspace.public_description} />
        </SectionCard>
      )}
      <MembersSection
        workspace={workspace}
        bulkInvitePath={getScreenPath('settingsWorkspaceInviteUsers', { id: workspace.id })}
      />
      {canChange && <SpoolmanSection workspaceId={workspace.id} />}
      {canChange && <WebhooksSection workspaceId={workspace.id} />}
      {canChange && <HomeAssistantSection workspaceId={workspace.id} />}
      {canManageMembers && <MailServerSetup />}
    </Stack>
  );
}
