import '@mantine/tiptap/styles.css';
import { Input, Text } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { LIMITS } from '@printdeck/shared';
import { useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeDescription } from '../sanitize-description';

/**
 * Only what the stored format keeps (b/strong, i/em, u, ol, ul, li, p, br): the rest of the
 * starter kit is switched off, so that nothing can be typed that the server would drop.
 */
const DESCRIPTION_EXTENSIONS = [
  StarterKit.configure({
    blockquote: false,
    code: false,
    codeBlock: false,
    heading: false,
    horizontalRule: false,
    link: false,
    strike: false,
    // no empty paragraph appended behind a closing list: the stored HTML is what was written
    trailingNode: false,
  }),
];

/** The editor's content as it is stored: sanitised like today, and '' when empty. */
function toDescriptionHtml(editor: Editor): string {
  return editor.isEmpty ? '' : sanitizeDescription(editor.getHTML());
}

export interface DescriptionEditorProps {
  /** the description when the form opened; later edits stay in the editor */
  initialHtml: string;
  onChange: (html: string) => void;
}

/** The workspace description: bold, italic, underline and lists, on Mantine's tiptap editor. */
export default function DescriptionEditor({ initialHtml, onChange }: DescriptionEditorProps) {
  const { t } = useTranslation();
  const label = t('workspaceSettings.description');
  // kept between renders: tiptap re-applies options that are not the same object
  const editorProps = useMemo(
    () => ({ attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': label } }),
    [label],
  );
  const editor = useEditor({
    extensions: DESCRIPTION_EXTENSIONS,
    content: sanitizeDescription(initialHtml),
    editorProps,
    onUpdate: ({ editor: changed }) => onChange(toDescriptionHtml(changed)),
  });

  return (
    <Input.Wrapper label={label}>
      <RichTextEditor
        editor={editor}
        mt={4}
        labels={{
          boldControlLabel: t('workspaceSettings.toolbar.bold'),
          italicControlLabel: t('workspaceSettings.toolbar.italic'),
          underlineControlLabel: t('workspaceSettings.toolbar.underline'),
          orderedListControlLabel: t('workspaceSettings.toolbar.orderedList'),
          bulletListControlLabel: t('workspaceSettings.toolbar.bulletList'),
        }}
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.OrderedList />
            <RichTextEditor.BulletList />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={120} />
      </RichTextEditor>
      <Text size="xs" c="dimmed" mt={4}>
        {t('workspaceSettings.descriptionLimit', { max: LIMITS.workspaceDescriptionMax })}
      </Text>
    </Input.Wrapper>
  );
}
