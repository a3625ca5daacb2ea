import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../test-support/render-in-app';
import DescriptionEditor from './DescriptionEditor';

// a first render of Mantine under jsdom takes seconds on a busy machine
vi.setConfig({ testTimeout: 30_000 });

function renderEditor(initialHtml: string, language: 'en' | 'cs' = 'en') {
  const changes: string[] = [];
  renderInApp(
    <DescriptionEditor initialHtml={initialHtml} onChange={(html) => changes.push(html)} />,
    { language },
  );
  const name = language === 'en' ? 'Description' : 'Popis';
  return { changes, textbox: screen.getByRole('textbox', { name }) };
}

/** What the form would send after the last edit. */
async function lastChange(changes: string[]): Promise<string | undefined> {
  await waitFor(() => expect(changes.length).toBeGreaterThan(0));
  return changes.at(-1);
}

describe('the description editor', () => {
  it('shows a stored description and gives it back in the stored format after an edit', async () => {
    const { changes, textbox } = renderEditor(
      '<p><b>Bold</b> and <i>italic</i> and <u>underlined</u></p>' +
        '<ol><li>first</li></ol><ul><li>second</li></ul><script>window.__pwned = 1</script>',
    );
    expect(within(textbox).getByText('Bold').tagName).toBe('STRONG');
    expect(within(textbox).getByText('italic').tagName).toBe('EM');
    expect(within(textbox).getByText('underlined').tagName).toBe('U');
    expect(textbox.querySelector('script')).toBeNull();

    // jsdom lays nothing out, so the caret stays where the editor puts it: at the start
    await userEvent.click(textbox);
    await userEvent.keyboard('>');
    expect(await lastChange(changes)).toBe(
      '<p><strong>&gt;Bold</strong> and <em>italic</em> and <u>underlined</u></p>' +
        '<ol><li><p>first</p></li></ol><ul><li><p>second</p></li></ul>',
    );
  });

  it('writes bold text and a bullet list from the toolbar, labelled in Czech', async () => {
    const { changes, textbox } = renderEditor('', 'cs');
    await userEvent.click(textbox);
    await userEvent.click(screen.getByRole('button', { name: 'Tučně' }));
    await userEvent.keyboard('pozor');
    expect(await lastChange(changes)).toBe('<p><strong>pozor</strong></p>');

    await userEvent.click(screen.getByRole('button', { name: 'Odrážkový seznam' }));
    expect(await lastChange(changes)).toBe('<ul><li><p><strong>pozor</strong></p></li></ul>');
    for (const name of ['Kurzíva', 'Podtržení', 'Číslovaný seznam']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });

  it('sends an empty description when everything is deleted', async () => {
    const { changes, textbox } = renderEditor('<p>x</p>');
    await userEvent.click(textbox);
    await userEvent.keyboard('{Delete}');
    expect(await lastChange(changes)).toBe('');
  });
});
