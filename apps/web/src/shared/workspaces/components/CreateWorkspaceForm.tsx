import { Button, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { WorkspaceNameSchema } from '@printdeck/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateWorkspace } from '../api/create-workspace';
import { getCreateWorkspaceErrorMessage } from '../workspace-messages';

export function CreateWorkspaceForm() {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [invalidName, setInvalidName] = useState(false);
  const createWorkspace = useCreateWorkspace();
  const error = invalidName
    ? t('validation.workspaceName')
    : getCreateWorkspaceErrorMessage(createWorkspace.error, t);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = WorkspaceNameSchema.safeParse(name);
    setInvalidName(!parsed.success);
    if (!parsed.success) return;
    createWorkspace.mutate(
      { name: parsed.data },
      {
        onSuccess: (workspace) => {
          setName('');
          notifications.show({
            color: 'teal',
            message: t('selectGroup.created', { name: workspace.name }),
          });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('selectGroup.createTitle')}
        </Title>
        <TextInput
          label={t('selectGroup.name')}
          value={name}
          error={error}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setInvalidName(false);
            createWorkspace.reset();
          }}
        />
        <Button type="submit" loading={createWorkspace.isPending} style={{ alignSelf: 'start' }}>
          {t('selectGroup.submit')}
        </Button>
      </Stack>
    </form>
  );
}
