import { describe, expect, it } from 'vitest';
import type { UserData } from '@tractorlink/domain/auth';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { call, expectError, get, newDeviceId, post, registerOwner, ticketFor, validRegistration } from './support/api';
import { JPEG, PNG, uploadImage } from './support/multipart';

/**
 * Third audit of spec §5 against the API, on what the first two left open: 'Email: optional, valid
 * when given' (a blank box is not given) and 'Profile image: jpeg or png, at most 2MB' decided by the
 * bytes, whatever name and type the phone declares.
 */
describe.each(dbTargets)('spec §5 audit: email and profile image on $name', (target) => {
  const t = useTestApp(target);

  it('registers with a blank email as with none; a bad one is still refused', async () => {
    const blank = await ticketFor(t.app, t.sms, '9123400001', 'register');
    const res = await post(t.app, 'register', { ...validRegistration, email: '', ticket: blank, deviceID: newDeviceId() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ user: UserData }>().user.email).toBeNull();

    const bad = await ticketFor(t.app, t.sms, '9123400002', 'register');
    const refused = await post(t.app, 'register', { ...validRegistration, email: 'ramesh@', ticket: bad, deviceID: newDeviceId() });
    expect(expectError(refused, 'VALIDATION_FAILED').error.details).toEqual([{ path: 'email', code: 'EMAIL_INVALID' }]);
    const wrongType = await post(t.app, 'register', { ...validRegistration, email: 5, ticket: bad, deviceID: newDeviceId() });
    expect(expectError(wrongType, 'VALIDATION_FAILED').error.details).toEqual([{ path: 'email', code: 'TYPE_INVALID' }]);
  });

  it('a profile edit with a blank email clears it, like null; a bad one changes nothing', async () => {
    const o = await registerOwner(t.app, t.sms);
    const set = await call(t.app, 'PUT', 'profile', { email: 'ramesh@example.in' }, { token: o.accessToken });
    expect(set.json<UserData>().email).toBe('ramesh@example.in');

    const bad = await call(t.app, 'PUT', 'profile', { name: 'Suresh', email: 'ramesh at example' }, { token: o.accessToken });
    expect(expectError(bad, 'VALIDATION_FAILED').error.details).toEqual([{ path: 'email', code: 'EMAIL_INVALID' }]);
    expect((await get(t.app, 'profile', { token: o.accessToken })).json<UserData>()).toMatchObject({ name: 'Ramesh Patil', email: 'ramesh@example.in' });

    const blank = await call(t.app, 'PUT', 'profile', { email: '' }, { token: o.accessToken });
    expect(blank.statusCode, blank.body).toBe(200);
    expect((await get(t.app, 'profile', { token: o.accessToken })).json<UserData>().email).toBeNull();
  });

  it('a picture is judged by its bytes: a JPEG sent with no type and no extension is taken, a PNG name on other bytes is not', async () => {
    const o = await registerOwner(t.app, t.sms);
    const upload = (filename: string, contentType: string, data: Buffer) => uploadImage(t.app, o.accessToken, { filename, contentType, data });
    const camera = await upload('IMG_0001', 'application/octet-stream', JPEG);
    expect(camera.statusCode, camera.body).toBe(200);
    expect(camera.json<UserData>().imageURL).toMatch(/\.jpg$/);

    const svg = await upload('me.png', 'image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(expectError(svg, 'VALIDATION_FAILED').error.details).toEqual([{ path: 'image', code: 'IMAGE_TYPE' }]);
    // Over 2 MB is refused for its size whatever its bytes, as the phone refuses it first.
    expectError(await upload('big.gif', 'image/gif', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(2 * 1024 * 1024)])), 'PAYLOAD_TOO_LARGE');
    expect((await upload('exact.png', 'image/png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 - PNG.length)]))).statusCode).toBe(200);
  });
});
