import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test-support/render-in-app';
import { DateField } from './DateField';
import { TimeField } from './TimeField';

// a first render of Mantine under jsdom takes seconds on a busy machine
vi.setConfig({ testTimeout: 30_000 });

/** The fields as a form holds them: the value kept is shown beside, as the form would send it. */
function Form({ day, time }: { day: string; time: string }) {
  const [dayValue, setDayValue] = useState(day);
  const [timeValue, setTimeValue] = useState(time);
  return (
    <>
      <DateField label="Date from" value={dayValue} onChange={setDayValue} />
      <TimeField label="Starts at" value={timeValue} onChange={setTimeValue} />
      <output data-testid="kept">{`${dayValue}|${timeValue}`}</output>
    </>
  );
}

describe('date and time fields', () => {
  it('shows a day as D.M.YYYY and keeps what is typed as the API day', async () => {
    renderInApp(<Form day="2026-02-01" time="07:05" />);
    const day = screen.getByLabelText('Date from');
    expect(day).toHaveProperty('value', '1.2.2026');
    expect(screen.getByLabelText('Starts at')).toHaveProperty('value', '07:05');

    await userEvent.clear(day);
    await userEvent.type(day, '27. 11. 2026');
    expect(screen.getByTestId('kept').textContent).toBe('2026-11-27|07:05');
  });

  it('says how to write a day or a time that cannot be read, and keeps nothing for it', async () => {
    renderInApp(<Form day="2026-02-01" time="07:05" />, { language: 'cs' });
    const day = screen.getByLabelText('Date from');
    await userEvent.clear(day);
    await userEvent.type(day, '31.2.2026');
    const time = screen.getByLabelText('Starts at');
    await userEvent.clear(time);
    await userEvent.type(time, '7:05 PM');
    await userEvent.tab();
    expect(screen.getByTestId('kept').textContent).toBe('|');
    expect(await screen.findByText(/Zadejte datum jako D\.M\.RRRR/)).toBeTruthy();
    expect(await screen.findByText(/Zadejte čas jako HH:mm/)).toBeTruthy();
    // what was typed stays to be mended, not wiped
    expect(day).toHaveProperty('value', '31.2.2026');
  });
});
