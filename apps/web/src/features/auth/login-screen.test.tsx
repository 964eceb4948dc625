import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { storage } from '../../lib/secure-storage';
import { LoginScreen } from './login-screen';
import { peekPendingLogin, takePendingLogin } from './pending-login';
import { englishBeforeAll } from '../../test/words';

const refuse = (status: number, code: string) =>
  vi.fn(async () => new Response(JSON.stringify({ error: { code, message: code } }), { status, headers: { 'Content-Type': 'application/json' } }));

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname} ${JSON.stringify(location.state)}`}</p>;
}

function renderLogin(typed = { mobile: '9876543210', pin: '1234' }) {
  render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginScreen />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: typed.mobile } });
  fireEvent.change(screen.getByLabelText('PIN'), { target: { value: typed.pin } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

englishBeforeAll();

afterEach(() => {
  vi.unstubAllGlobals();
  takePendingLogin();
});

describe('login screen', () => {
  it('checks the fields before calling the server, with messages linked to the fields', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(
      <MemoryRouter initialEntries={['/login']}>
        <LoginScreen />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const mobile = screen.getByLabelText('Mobile number');
    expect(mobile.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(mobile.getAttribute('aria-describedby')?.split(' ').pop() ?? '');
    expect(described?.textContent).toBe('Enter a valid 10-digit mobile number.');
    expect(screen.getByText('Enter a 4-digit PIN.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('takes the number as the phone pastes or fills it (+91, spaces) and digits of the keyboard in Hindi, and sends 0–9 only', async () => {
    const fetch = refuse(401, 'LOGIN_INVALID');
    vi.stubGlobal('fetch', fetch);
    renderLogin({ mobile: '+91 98765 43210', pin: '१२३४' });
    expect((screen.getByLabelText('Mobile number') as HTMLInputElement).value).toBe('9876543210');
    await screen.findByText('Invalid mobile number and PIN');
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ userName: '9876543210', password: '1234' });
  });

  it('shows the catalogue message for LOGIN_INVALID', async () => {
    vi.stubGlobal('fetch', refuse(401, 'LOGIN_INVALID'));
    renderLogin();
    expect(await screen.findByText('Invalid mobile number and PIN')).toBeTruthy();
  });

  it('on DEVICE_NOT_BOUND goes to the OTP screen (purpose bind) and keeps the PIN in memory only', async () => {
    vi.stubGlobal('fetch', refuse(403, 'DEVICE_NOT_BOUND'));
    renderLogin();
    const where = await screen.findByTestId('where');
    expect(where.textContent).toContain('/verify-otp');
    expect(where.textContent).toContain('"purpose":"bind"');
    expect(where.textContent).not.toContain('1234');
    expect(peekPendingLogin()).toEqual({ mobileNo: '9876543210', pin: '1234', rememberMe: true });
    await storage.flush();
    for (const key of ['mobNum', 'user', 'userData', 'Pwd', 'pin', 'refreshCall']) expect(storage.get(key) ?? '').not.toContain('1234');
  });
});
