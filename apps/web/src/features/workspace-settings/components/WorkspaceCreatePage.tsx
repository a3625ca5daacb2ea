import { Button, Group, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BackLink } from '../../../components/BackLink';
import { FormMessage } from '../../../components/FormMessage';
import { SectionCard } from '../../../components/SectionCard';
import { SCREEN_PATHS, getScreenPath } from '../../../config/screens';
import { useCreateWorkspace } from '../../../shared/workspaces/api/create-workspace';
import {
  EMPTY_WORKSPACE_FORM,
  toWorkspaceCreate,
  validateWorkspaceForm,
  type WorkspaceFormErrors,
} from '../workspace-form';
import { WorkspaceProfileFields } from './WorkspaceProfileFields';

/**
 * Settings → Workspaces → Create (spec part 2 §2.10): name, description and website; the new
 * workspace then opens in its edit page, where the picture, switches and members are.
 */
export function WorkspaceCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState(EMPTY_WORKSPACE_FORM);
  const [errors, setErrors] = useState<WorkspaceFormErrors>({});
  const create = useCreateWorkspace();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateWorkspaceForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(toWorkspaceCreate(values), {
      onSuccess: (workspace) => {
        notifications.show({
          color: 'teal',
          message: t('selectGroup.created', { name: workspace.name }),
        });
        void navigate(getScreenPath('settingsWorkspaceEdit', { id: workspace.id }) ?? '/');
      },
    });
  };

  return (
    <Stack gap="md" maw={820}>
      <BackLink to={SCREEN_PATHS.settingsWorkspaces}>{t('workspaceSettings.backToList')}</BackLink>
      <Title order={1} size="h2">
        {t('selectGroup.createTitle')}
      </Title>
      <SectionCard title={t('workspaceSettings.profile')}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <WorkspaceProfileFields
              values={values}
              errors={errors}
              initialDescription=""
              onChange={setValues}
            />
            {create.isError && <FormMessage>{create.error.message}</FormMessage>}
            <Group>
              <Button type="submit" loading={create.isPending}>
                {t('selectGroup.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </SectionCard>
    </Stack>
  );
}
