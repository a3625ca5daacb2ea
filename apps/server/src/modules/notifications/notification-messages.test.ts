import { describe, expect, it } from 'vitest';
import { renderNotification, toMailText, toTelegramHtml } from './notification-messages.js';

const payload = {
  workspace_name: 'Lab & Co',
  printer_id: 7,
  printer_name: '<b>MK4</b>',
  file_name: 'benchy.gcode',
};

describe('notification messages', () => {
  it('writes print done in English with the printer, the file and a link', () => {
    const message = renderNotification('print_done', payload, 'en', 'https://pd.example');
    expect(message).toEqual({
      title: 'Print finished',
      lines: ['Printer: <b>MK4</b>', 'File: benchy.gcode', 'Workspace: Lab & Co'],
      link: 'https://pd.example/printers/7',
    });
    expect(toMailText(message, 'en')).toContain(
      'Open in Printdeck:\nhttps://pd.example/printers/7',
    );
  });

  it('writes in Czech', () => {
    const message = renderNotification('print_failed', payload, 'cs', 'https://pd.example');
    expect(message.title).toBe('Tisk selhal');
    expect(message.lines[0]).toBe('Tiskárna: <b>MK4</b>');
  });

  it('escapes names for Telegram HTML, so markup in a printer name arrives as text', () => {
    const html = toTelegramHtml(
      renderNotification('print_done', payload, 'en', 'https://pd.example'),
      'en',
    );
    expect(html).toBe(
      '<b>Print finished</b>\nPrinter: &lt;b&gt;MK4&lt;/b&gt;\nFile: benchy.gcode\nWorkspace: Lab &amp; Co\n<a href="https://pd.example/printers/7">Open in Printdeck</a>',
    );
  });
});
