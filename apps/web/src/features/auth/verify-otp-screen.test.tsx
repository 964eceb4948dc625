import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { storage } from '../../lib/secure-storage';
import { VerifyOtpScreen } from './verify-otp-screen';
import { englishBeforeAll } from '../../test/words';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname} ${JSON.stringify(location.state)}`}</p>;
}

function renderOtp(resendAfterSeconds = 30) {
  render(
    <MemoryRouter initialEntries={[{ pathname: '/verify-otp', state: { mobileNo: '9876543210', purpose: 'register', resendAfterSeconds } }]}>
      <Routes>
        <Route path="/verify-otp" element={<VerifyOtpScreen />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

englishBeforeAll();

afterEach(() => vi.unstubAllGlobals());

describe('verify OTP screen', () => {
  it('counts the wait for a new code with its plural: "30 seconds", and "1 second" at the end', () => {
    renderOtp(30);
    expect(screen.getByText('You can ask for a new OTP in 30 seconds')).toBeTruthy();
  });

  it('says "1 second", never "1 seconds"', () => {
    renderOtp(1);
    expect(screen.getByText('You can ask for a new OTP in 1 second')).toBeTruthy();
  });

  it('checks for 6 digits before calling the server, keeping only digits as they are typed', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderOtp();
    const field = screen.getByLabelText('OTP') as HTMLInputElement;
    fireEvent.change(field, { target: { value: '12 3a4' } });
    expect(field.value).toBe('1234');
    // A Telugu keyboard's digits are the same digits.
    fireEvent.change(field, { target: { value: '౧౨౩౪' } });
    expect(field.value).toBe('1234');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter the 6-digit OTP.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends a complete code and carries the ticket on to the profile step', async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ ticket: 't-1', expiresInSeconds: 600 }), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetch);
    renderOtp();
    fireEvent.change(screen.getByLabelText('OTP'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/create-new-profile {"mobileNo":"9876543210","ticket":"t-1"}');
    // With this browser's id, so the code it asked for is found even if its address changed.
    const deviceID = storage.get('deviceid');
    expect(deviceID).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({
      mobileNo: '9876543210',
      purpose: 'register',
      otp: '123456',
      deviceID,
    });
  });

  it("says 'OTP sent successfully' on arrival; a wrong code says 'Invalid OTP', stays here and is sent once (spec §8)", async () => {
    const fetch = vi.fn(async () => Response.json({ error: { code: 'OTP_INVALID', message: 'Invalid OTP' } }, { status: 400 }));
    vi.stubGlobal('fetch', fetch);
    renderOtp();
    expect(screen.getByText('OTP sent successfully')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('OTP'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid OTP. Please check and try again.')).toBeTruthy();
    // A refusal is not sent again: each try counts against the OTP's five.
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('where')).toBeNull();
  });
});
