import { Button, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { LIMITS, type Gcode } from '@printdeck/shared';
import { IconPencil } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateGcode } from '../../api/update-gcode';
import { BreakableText } from '../../../../components/BreakableText';

interface GcodeTitleEditorProps {
  workspaceId: number;
  gcode: Gcode;
  canEdit: boolean;
}

/** Name and note, with an edit mode: Save sends both, Cancel restores the originals. */
export function GcodeTitleEditor({ workspaceId, gcode, canEdit }: GcodeTitleEditorProps) {
  const { t } = useTranslation();
  const update = useUpdateGcode();
  const [draft, setDraft] = useState<{ name: string; note: string } | null>(null);

  if (!draft) {
    return (
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start" justify="space-between">
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            <BreakableText>{gcode.name}</BreakableText>
          </Title>
          {canEdit && (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPencil size={14} />}
              style={{ flexShrink: 0 }}
              onClick={() => setDraft({ name: gcode.name, note: gcode.note })}
            >
              {t('gcodeDetail.edit')}
            </Button>
          )}
        </Group>
        <Text
          c={gcode.note ? undefined : 'dimmed'}
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="gcode-note"
        >
          {gcode.note || t('gcodeDetail.noNote')}
        </Text>
      </Stack>
    );
  }

  const name = draft.name.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name) return;
    update.mutate(
      { workspaceId, gcodeId: gcode.id, body: { name, note: draft.note } },
      { onSuccess: () => setDraft(null) },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('gcodeDetail.name')}
          value={draft.name}
          onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
          required
          error={name ? undefined : t('gcodeDetail.nameRequired')}
          description={t('gcodeDetail.nameHelp', { extension: `.${gcode.format}` })}
          data-autofocus
        />
        <Textarea
          label={t('gcodeDetail.note')}
          value={draft.note}
          onChange={(event) => setDraft({ ...draft, note: event.currentTarget.value })}
          maxLength={LIMITS.gcodeNoteMax}
          autosize
          minRows={3}
          maxRows={12}
          description={t('gcodeDetail.noteCounter', {
            count: draft.note.length,
            max: LIMITS.gcodeNoteMax,
          })}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => setDraft(null)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={!name} loading={update.isPending}>
            {t('gcodeDetail.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
