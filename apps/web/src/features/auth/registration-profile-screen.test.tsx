import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { RegistrationProfileScreen } from './registration-profile-screen';
import { englishBeforeAll } from '../../test/words';

/**
 * Spec §5 on the registration form, as the server holds them (validation-rules.test.ts): full name,
 * birth date required and 18 or older on today's date in India, email optional, terms accepted.
 */

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname} ${JSON.stringify(location.state)}`}</p>;
}

function renderForm() {
  render(
    <MemoryRouter initialEntries={[{ pathname: '/create-new-profile', state: { mobileNo: '9876543210', ticket: 't-1' } }]}>
      <Routes>
        <Route path="/create-new-profile" element={<RegistrationProfileScreen />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

function fill(values: { name?: string; birthDate?: string; email?: string; terms?: boolean }) {
  if (values.name !== undefined) fireEvent.change(screen.getByLabelText('Full name'), { target: { value: values.name } });
  if (values.birthDate !== undefined) fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: values.birthDate } });
  if (values.email !== undefined) fireEvent.change(screen.getByLabelText('Email (optional)'), { target: { value: values.email } });
  const terms = screen.getByLabelText('I accept the terms and conditions') as HTMLInputElement;
  if (values.terms !== undefined && terms.checked !== values.terms) fireEvent.click(terms);
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

englishBeforeAll();

beforeEach(() => {
  // 21 Nov 2026, 18:45 in UTC: already 22 November (00:15) in India, the date the age is counted on.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.UTC(2026, 10, 21, 18, 45));
});

afterEach(() => vi.useRealTimers());

describe('registration profile form', () => {
  it('takes someone whose 18th birthday is today in India, with no email, and carries the profile on', async () => {
    renderForm();
    // The keyboard's spaces around and between the words are not the owner's: the name goes tidied.
    fill({ name: ' Ramesh  Patil ', birthDate: '2008-11-22', email: '', terms: true });
    const where = await screen.findByTestId('where');
    expect(where.textContent).toBe('/create-new-pin {"mobileNo":"9876543210","ticket":"t-1","profile":{"name":"Ramesh Patil","birthDate":"2008-11-22"}}');
  });

  it('refuses someone who turns 18 tomorrow in India', async () => {
    renderForm();
    fill({ name: 'Ramesh Patil', birthDate: '2008-11-23', terms: true });
    expect(await screen.findByText('You must be 18 or older to use TractorLink.')).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('says what is wrong with each field: name letters only, birth date required, email valid, terms accepted', async () => {
    renderForm();
    fill({ name: 'Ramesh2', birthDate: '', email: 'ramesh@', terms: false });
    expect(await screen.findByText("Use letters only (English or your language's script), with single spaces between words.")).toBeTruthy();
    expect(screen.getByText('Enter your date of birth.')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Please accept the terms and conditions to continue.')).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();

    fill({ name: '' });
    expect(await screen.findByText('Enter your full name.')).toBeTruthy();
  });
});
