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

  it('writes spool low with the spool, what is left and a link to the spool, in both languages', () => {
    const low = {
      ...payload,
      spool_id: 12,
      spool_name: 'PETG Black Prusament',
      remaining_g: 18,
      workspace_id: 3,
    };
    expect(renderNotification('spool_low', low, 'en', 'https://pd.example')).toEqual({
      title: 'Spool running low',
      lines: [
        'Spool: PETG Black Prusament',
        'Left: 18 g',
        'Printer: <b>MK4</b>',
        'File: benchy.gcode',
        'Workspace: Lab & Co',
      ],
      link: 'https://pd.example/spools/12?group=3',
    });
    const czech = renderNotification('spool_low', low, 'cs', 'https://pd.example');
    expect(czech.title).toBe('Cívka dochází');
    expect(czech.lines.slice(0, 2)).toEqual(['Cívka: PETG Black Prusament', 'Zbývá: 18 g']);
  });

  it('writes maintenance due with the task and the printer, linking to the printer, in both languages', () => {
    const due = {
      workspace_name: 'Lab & Co',
      printer_id: 7,
      printer_name: 'MK4',
      task_name: 'Replace nozzle',
    };
    expect(renderNotification('maintenance_due', due, 'en', 'https://pd.example')).toEqual({
      title: 'Maintenance due',
      lines: ['Task: Replace nozzle', 'Printer: MK4', 'Workspace: Lab & Co'],
      link: 'https://pd.example/printers/7',
    });
    const czech = renderNotification('maintenance_due', due, 'cs', 'https://pd.example');
    expect(czech.title).toBe('Čas na údržbu');
    expect(czech.lines[0]).toBe('Úkol: Replace nozzle');
  });
});
