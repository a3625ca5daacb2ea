import { ActionIcon, Group, Input, Paper, Text } from '@mantine/core';
import {
  IconBold,
  IconItalic,
  IconList,
  IconListNumbers,
  IconUnderline,
  type Icon,
} from '@tabler/icons-react';
import { LIMITS } from '@printdeck/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeDescription } from '../sanitize-description';

const COMMANDS: { command: string; icon: Icon; key: string }[] = [
  { command: 'bold', icon: IconBold, key: 'bold' },
  { command: 'italic', icon: IconItalic, key: 'italic' },
  { command: 'underline', icon: IconUnderline, key: 'underline' },
  { command: 'insertOrderedList', icon: IconListNumbers, key: 'orderedList' },
  { command: 'insertUnorderedList', icon: IconList, key: 'bulletList' },
];

interface DescriptionEditorProps {
  /** the description when the form opened; later edits stay in the editable element */
  initialHtml: string;
  onChange: (html: string) => void;
}

/** A minimal rich-text field; the server keeps only b, i, u, lists, paragraphs and breaks. */
export function DescriptionEditor({ initialHtml, onChange }: DescriptionEditorProps) {
  const { t } = useTranslation();
  const editor = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Set once from sanitised HTML: the element owns its content from then on.
    if (editor.current) editor.current.innerHTML = sanitizeDescription(initialHtml);
  }, [initialHtml]);

  const emit = () => {
    const html = editor.current?.innerHTML ?? '';
    onChange(html);
  };
  const run = (command: string) => {
    editor.current?.focus();
    document.execCommand(command);
    emit();
  };

  return (
    <Input.Wrapper label={t('workspaceSettings.description')}>
      <Paper withBorder p={0} mt={4}>
        <Group
          gap={2}
          p={4}
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          {COMMANDS.map(({ command, icon: CommandIcon, key }) => (
            <ActionIcon
              key={command}
              variant="subtle"
              color="gray"
              aria-label={t(`workspaceSettings.toolbar.${key}` as 'workspaceSettings.toolbar.bold')}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => run(command)}
            >
              <CommandIcon size={16} />
            </ActionIcon>
          ))}
        </Group>
        <div
          ref={editor}
          role="textbox"
          aria-multiline="true"
          aria-label={t('workspaceSettings.description')}
          contentEditable
          suppressContentEditableWarning
          onInput={emit}
          // new lines as <p>, which the server keeps, rather than Chrome's <div>
          onFocus={() => document.execCommand('defaultParagraphSeparator', false, 'p')}
          style={{ minHeight: 120, padding: 'var(--mantine-spacing-sm)', outline: 'none' }}
        />
      </Paper>
      <Text size="xs" c="dimmed" mt={4}>
        {t('workspaceSettings.descriptionLimit', { max: LIMITS.workspaceDescriptionMax })}
      </Text>
    </Input.Wrapper>
  );
}
