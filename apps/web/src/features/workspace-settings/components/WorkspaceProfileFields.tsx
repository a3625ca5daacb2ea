import { Skeleton, TextInput } from '@mantine/core';
import { LIMITS } from '@printdeck/shared';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../components/FormMessage';
import type { WorkspaceFormErrors, WorkspaceFormValues } from '../workspace-form';

// The rich-text editor (tiptap and ProseMirror) loads only with the form that shows it.
const DescriptionEditor = lazy(() => import('./DescriptionEditor'));

interface WorkspaceProfileFieldsProps {
  values: WorkspaceFormValues;
  errors: WorkspaceFormErrors;
  /** the description when the form opened; later edits stay in the editor */
  initialDescription: string;
  onChange: (update: (values: WorkspaceFormValues) => WorkspaceFormValues) => void;
}

/** Name, description and website: the fields the create and the edit form share. */
export function WorkspaceProfileFields({
  values,
  errors,
  initialDescription,
  onChange,
}: WorkspaceProfileFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('workspaceSettings.name')}
        value={values.name}
        maxLength={LIMITS.workspaceNameMax}
        error={errors.name && t('validation.workspaceName')}
        onChange={(event) => {
          const name = event.currentTarget.value;
          onChange((v) => ({ ...v, name }));
        }}
      />
      <Suspense fallback={<Skeleton h={200} />}>
        <DescriptionEditor
          initialHtml={initialDescription}
          onChange={(description) => onChange((v) => ({ ...v, description }))}
        />
      </Suspense>
      {errors.description && <FormMessage>{t('workspaceSettings.descriptionTooLong')}</FormMessage>}
      <TextInput
        label={t('workspaceSettings.websiteUrl')}
        placeholder="https://"
        value={values.websiteUrl}
        error={errors.websiteUrl && t('workspaceSettings.websiteUrlInvalid')}
        onChange={(event) => {
          const websiteUrl = event.currentTarget.value;
          onChange((v) => ({ ...v, websiteUrl }));
        }}
      />
    </>
  );
}
