import { describe, expect, it } from 'vitest';
import type { HomeResponse, UserData } from '@tractorlink/domain/auth';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { call, expectError, get, registerOwner } from './support/api';
import type { Owner } from './support/api';
import { JPEG, multipartBody, PNG, uploadImage } from './support/multipart';

describe.each(dbTargets)('profile, picture and home on $name', (target) => {
  const t = useTestApp(target);

  const upload = (o: Owner, filename: string, contentType: string, data: Buffer) => uploadImage(t.app, o.accessToken, { filename, contentType, data });
  const imageName = (user: UserData) => {
    const m = /^image\?imageName=([0-9a-f]{32}\.(png|jpg))$/.exec(user.imageURL ?? '');
    if (!m?.[1]) throw new Error(`unexpected imageURL ${user.imageURL}`);
    return m[1];
  };

  it('reads and updates the profile; language, name and email (null clears it)', async () => {
    const o = await registerOwner(t.app, t.sms);
    const res = await call(t.app, 'PUT', 'profile', { language: 'hi', name: 'Suresh Kumar', email: 'suresh@example.in' }, { token: o.accessToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<UserData>()).toMatchObject({ language: 'hi', name: 'Suresh Kumar', firstName: 'Suresh', email: 'suresh@example.in' });
    const cleared = await call(t.app, 'PUT', 'profile', { email: null }, { token: o.accessToken });
    expect(cleared.json<UserData>().email).toBeNull();
    const read = await get(t.app, 'profile?isSec=true', { token: o.accessToken });
    expect(read.json<UserData>()).toMatchObject({ language: 'hi', name: 'Suresh Kumar', email: null });
    expect(read.headers['cache-control']).toBe('no-store');
    expectError(await call(t.app, 'PUT', 'profile', { language: 'fr' }, { token: o.accessToken }), 'VALIDATION_FAILED');
  });

  it('stores a png or a jpeg (checked by content) and serves it back with its type', async () => {
    const o = await registerOwner(t.app, t.sms);
    const png = await upload(o, 'me.png', 'image/png', PNG);
    expect(png.statusCode, png.body).toBe(200);
    const pngName = imageName(png.json<UserData>());
    expect(pngName).toMatch(/\.png$/);
    const served = await get(t.app, `image?imageName=${pngName}`, { token: o.accessToken });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    // Declared as png, but the bytes are a jpeg: the content decides.
    const jpeg = await upload(o, 'me.png', 'image/png', JPEG);
    const jpegName = imageName(jpeg.json<UserData>());
    expect(jpegName).toMatch(/\.jpg$/);
    const servedJpeg = await get(t.app, `image?imageName=${jpegName}`, { token: o.accessToken });
    expect(servedJpeg.headers['content-type']).toBe('image/jpeg');
    expect((await get(t.app, 'profile', { token: o.accessToken })).json<UserData>().imageURL).toBe(`image?imageName=${jpegName}`);
    // The replaced picture is gone.
    expectError(await get(t.app, `image?imageName=${pngName}`, { token: o.accessToken }), 'NOT_FOUND');
  });

  it('refuses a .png name with other content, and a file over 2 MB', async () => {
    const o = await registerOwner(t.app, t.sms);
    const fake = await upload(o, 'photo.png', 'image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(expectError(fake, 'VALIDATION_FAILED').error.details).toEqual([{ path: 'image', code: 'IMAGE_TYPE' }]);

    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expectError(await upload(o, 'big.png', 'image/png', big), 'PAYLOAD_TOO_LARGE');
    const exactly = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 - PNG.length)]);
    expect((await upload(o, 'max.png', 'image/png', exactly)).statusCode).toBe(200);

    const res = await uploadImage(t.app, o.accessToken, { filename: 'me.png', contentType: 'image/png', data: PNG, field: 'photo' });
    expect(expectError(res, 'VALIDATION_FAILED').error.details).toEqual([{ path: 'image', code: 'REQUIRED' }]);
  });

  it("another owner's picture is a 404, and pictures need a session", async () => {
    const a = await registerOwner(t.app, t.sms, { mobileNo: '9811111111' });
    const b = await registerOwner(t.app, t.sms, { mobileNo: '9822222222' });
    const name = imageName((await upload(a, 'a.png', 'image/png', PNG)).json<UserData>());
    expect((await get(t.app, `image?imageName=${name}`, { token: a.accessToken })).statusCode).toBe(200);
    expectError(await get(t.app, `image?imageName=${name}`, { token: b.accessToken }), 'NOT_FOUND');
    expectError(await get(t.app, `image?imageName=${name}`), 'UNAUTHENTICATED');
    expectError(await get(t.app, 'image?imageName=..%2F..%2Fetc%2Fpasswd', { token: a.accessToken }), 'NOT_FOUND');
    const noSession = multipartBody('image', 'a.png', 'image/png', PNG);
    expectError(await t.app.inject({ method: 'POST', url: '/api/v1/image', ...noSession }), 'UNAUTHENTICATED');
  });

  it('home: menu shown for a complete profile, first name, toll-free number, no tractors yet', async () => {
    const o = await registerOwner(t.app, t.sms);
    const res = await get(t.app, 'home', { token: o.accessToken });
    expect(res.json<HomeResponse>()).toEqual({ showMenu: true, firstName: 'Ramesh', tollFreeNumber: '18002003000', tractors: [] });
    const other = await t.build({ TOLL_FREE_NUMBER: '18001234567' });
    expect((await get(other, 'home', { token: o.accessToken })).json<HomeResponse>().tollFreeNumber).toBe('18001234567');
  });
});
