import { describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@tractorlink/domain/errors';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { expectError, newDeviceId, post, registerOwner, ticketFor, validRegistration } from './support/api';

type Row = readonly [value: unknown, expected: 'ok' | string];

/** Spec §5, one table per rule, each checked through the HTTP API. `expected` is the detail code. */
const rules: { rule: string; field: string; rows: readonly Row[] }[] = [
  {
    rule: 'mobile number: 10 digits, digits only (otp/send)',
    field: 'mobileNo',
    rows: [
      ['9876501234', 'ok'],
      ['987650123', 'MOBILE_INVALID'],
      ['98765012345', 'MOBILE_INVALID'],
      ['98765 01234', 'MOBILE_INVALID'],
      ['+919876501234', 'MOBILE_INVALID'],
      ['98765a1234', 'MOBILE_INVALID'],
      ['', 'MOBILE_INVALID'],
      [undefined, 'REQUIRED'],
      [9876501234, 'TYPE_INVALID'],
    ],
  },
  {
    rule: 'OTP: exactly 6 digits (otp/verify)',
    field: 'otp',
    rows: [
      ['12345', 'OTP_FORMAT'],
      ['1234567', 'OTP_FORMAT'],
      ['12a456', 'OTP_FORMAT'],
      [undefined, 'REQUIRED'],
    ],
  },
  {
    rule: 'PIN: 4 digits (register)',
    field: 'pin',
    rows: [
      ['4321', 'ok'],
      ['0000', 'ok'],
      ['123', 'PIN_FORMAT'],
      ['12345', 'PIN_FORMAT'],
      ['12a4', 'PIN_FORMAT'],
      [undefined, 'REQUIRED'],
    ],
  },
  {
    rule: "full name: required, letters of the seven languages' scripts (register)",
    field: 'name',
    rows: [
      ['Ramesh', 'ok'],
      ['Ramesh Kumar Patil', 'ok'],
      ['', 'NAME_REQUIRED'],
      ['Ramesh1', 'NAME_INVALID'],
      ['Ramesh  Patil', 'NAME_INVALID'],
      ['रमेश', 'ok'],
      ['రమేష్ రెడ్డి', 'ok'],
      ['रमेश ४', 'NAME_INVALID'],
      ['A'.repeat(61), 'NAME_TOO_LONG'],
      [undefined, 'REQUIRED'],
    ],
  },
  {
    rule: 'birth date: required, a real date (register)',
    field: 'birthDate',
    rows: [
      ['2000-02-29', 'ok'],
      ['', 'BIRTH_DATE_REQUIRED'],
      ['2001-02-29', 'BIRTH_DATE_INVALID'],
      ['01-01-1980', 'BIRTH_DATE_INVALID'],
      [undefined, 'REQUIRED'],
    ],
  },
  {
    rule: 'email: optional, valid when given (register)',
    field: 'email',
    rows: [
      [undefined, 'ok'],
      ['ramesh@example.in', 'ok'],
      ['ramesh@', 'EMAIL_INVALID'],
      ['not an email', 'EMAIL_INVALID'],
    ],
  },
  {
    rule: 'terms must be accepted (register)',
    field: 'acceptedTerms',
    rows: [
      [true, 'ok'],
      [false, 'TERMS_NOT_ACCEPTED'],
      [undefined, 'TERMS_NOT_ACCEPTED'],
    ],
  },
];

describe.each(dbTargets)('validation rules through the API on $name', (target) => {
  const t = useTestApp(target);
  let mobileSeq = 0;
  const freshMobile = () => `97000000${String(mobileSeq++).padStart(2, '0')}`;

  /** Sends one request where only `field` varies; everything else is valid. */
  async function attempt(field: string, value: unknown) {
    const set = (body: Record<string, unknown>) => {
      if (value === undefined) delete body[field];
      else body[field] = value;
      return body;
    };
    if (field === 'mobileNo') return post(t.app, 'otp/send', set({ mobileNo: '', purpose: 'register' }));
    if (field === 'otp') return post(t.app, 'otp/verify', set({ mobileNo: '9876501234', purpose: 'register', otp: '' }));
    const ticket = await ticketFor(t.app, t.sms, freshMobile(), 'register');
    return post(t.app, 'register', set({ ...validRegistration, ticket, deviceID: newDeviceId() }));
  }

  describe.each(rules)('$rule', ({ field, rows }) => {
    it.each(rows)('%j → %s', async (value, expected) => {
      const res = await attempt(field, value);
      if (expected === 'ok') {
        expect(res.statusCode, res.body).toBe(200);
        return;
      }
      const body = expectError(res, 'VALIDATION_FAILED');
      expect(body.error.details).toEqual([{ path: field, code: expected }]);
    });
  });

  it('refuses unknown body fields', async () => {
    const res = await post(t.app, 'otp/send', { mobileNo: '9876501234', purpose: 'register', isAdmin: true });
    expect(expectError(res, 'VALIDATION_FAILED').error.details).toEqual([{ path: 'isAdmin', code: 'UNKNOWN_FIELD' }]);
    const owner = await registerOwner(t.app, t.sms);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: { authorization: `Bearer ${owner.accessToken}` },
      payload: { name: 'Suresh', mobileNo: '9000000000' },
    });
    expect(expectError(put, 'VALIDATION_FAILED').error.details).toEqual([{ path: 'mobileNo', code: 'UNKNOWN_FIELD' }]);
  });

  it('answers malformed JSON, a missing body and a body over 16 KB with stable codes', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"userName": "98765',
    });
    expectError(malformed, 'VALIDATION_FAILED');

    const missing = await t.app.inject({ method: 'POST', url: '/api/v1/login' });
    expect(expectError(missing, 'VALIDATION_FAILED').error.details).toEqual([{ path: '', code: 'REQUIRED' }]);

    const huge = await post(t.app, 'login', { userName: '9876501234', password: '1234', deviceID: newDeviceId(), pad: 'x'.repeat(17 * 1024) });
    expectError(huge, 'PAYLOAD_TOO_LARGE');
  });

  it('never echoes the refused value', async () => {
    const res = await post(t.app, 'login', { userName: '9876501234', password: '98x7', deviceID: newDeviceId() });
    const body = expectError(res, 'VALIDATION_FAILED') satisfies ApiErrorBody;
    expect(body.error.details).toEqual([{ path: 'password', code: 'PIN_FORMAT' }]);
    expect(res.body).not.toContain('98x7');
  });
});
