import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { PointerEventsCheckLevel, userEvent } from '@testing-library/user-event';
import { render, screen, waitFor } from '@testing-library/react';
import 'dayjs/locale/de';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../../src/app/theme';
import { GermanDateInput } from '../../../src/components/dates/GermanDateInput';
import { GermanTimeInput } from '../../../src/components/dates/GermanTimeInput';

/** A field with its value shown beside it, as a form would keep it. */
function Harness({ kind }: { kind: 'date' | 'time' }) {
  const [value, setValue] = useState('');
  return (
    <MantineProvider theme={theme} env="test">
      <DatesProvider settings={{ locale: 'de', firstDayOfWeek: 1 }}>
        {kind === 'date' ? <GermanDateInput label="Geburtsdatum" value={value} onChange={setValue} /> : <GermanTimeInput label="Startzeit" value={value} onChange={setValue} />}
        <output aria-label="Wert">{value}</output>
        <button type="button">weiter</button>
      </DatesProvider>
    </MantineProvider>
  );
}

const setup = () => userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

describe('German date and time fields', () => {
  it.each(['14031958', '14.03.1958'])('takes %s as a date of birth and shows 14.03.1958', async (typed) => {
    const user = setup();
    render(<Harness kind="date" />);
    const input = screen.getByLabelText('Geburtsdatum');
    expect(input).toHaveAttribute('placeholder', 'TT.MM.JJJJ');
    await user.type(input, typed);
    expect(screen.getByLabelText('Wert')).toHaveTextContent('1958-03-14');
    await user.click(screen.getByRole('button', { name: 'weiter' }));
    expect(input).toHaveValue('14.03.1958');
  });

  it('closes the calendar once a whole date is typed (it lay over the next field); a tap opens it again', async () => {
    const user = setup();
    render(<Harness kind="date" />);
    const input = screen.getByLabelText('Geburtsdatum');
    const calendar = () => document.querySelector('[data-dates-dropdown]');
    await user.type(input, '1403');
    await waitFor(() => expect(calendar()).toBeInTheDocument());
    await user.type(input, '1958');
    await waitFor(() => expect(calendar()).not.toBeInTheDocument());
    expect(screen.getByLabelText('Wert')).toHaveTextContent('1958-03-14');
    await user.click(input);
    await waitFor(() => expect(calendar()).toBeInTheDocument());
  });

  it('keeps nothing of an impossible date', async () => {
    const user = setup();
    render(<Harness kind="date" />);
    const input = screen.getByLabelText('Geburtsdatum');
    await user.type(input, '31.02.1958');
    await user.click(screen.getByRole('button', { name: 'weiter' }));
    expect(screen.getByLabelText('Wert')).toHaveTextContent('');
    expect(input).toHaveValue('');
  });

  it.each([
    ['1745', '17:45'],
    ['0032', '00:32'],
    ['0000', '00:00'],
    ['0905', '09:05'],
  ])('a time in 24 hours: %s gives %s (hours, then minutes)', async (typed, shown) => {
    const user = setup();
    render(<Harness kind="time" />);
    await user.type(screen.getByLabelText('Startzeit'), typed);
    expect(screen.getByLabelText('Wert')).toHaveTextContent(shown);
    expect(screen.queryByText(/AM|PM/)).not.toBeInTheDocument();
  });
});
