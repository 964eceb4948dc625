import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { flush, outboxEntries, resetOutboxForTests } from '../../../lib/outbox/outbox';
import { loadTractorTexts } from '../../../lib/signed-in/tractor-texts';
import { PicturePicker } from './picture-picker';
import { networkEachTest } from '../../../test/network';
import { testOwner } from '../../../test/owner';
import { renderWithProviders } from '../../../test/render';
import { jsonResponse, signInEachTest } from '../../../test/signed-in';
import { englishBeforeAll } from '../../../test/words';

/** Issue 19: a photo chosen offline shows at once, waiting, through a reload; refused later, it says why. */

const user = testOwner();
const WAITING = 'Saved on this phone, will send when online';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 8, 7]);

let posts: number;
let reply: () => Response;
const json = jsonResponse;

englishBeforeAll(loadTractorTexts);

signInEachTest(user);

const network = networkEachTest((_input, init) => {
  if (init.method === 'POST') posts += 1;
  return reply();
});

beforeEach(() => {
  posts = 0;
  reply = () => json(200, user);
});

const renderPicker = () => renderWithProviders(<PicturePicker name="Ramesh Patil" imageURL={null} />);

const picture = (container: HTMLElement) => container.querySelector('.avatar img')?.getAttribute('src');

function choose(file: File) {
  fireEvent.change(screen.getByLabelText('Choose a picture'), { target: { files: [file] } });
}

describe('the profile picture, offline', () => {
  it('a photo chosen offline shows at once with the waiting note, and still after a reload', async () => {
    const view = renderPicker();
    expect(picture(view.container)).toBeUndefined();
    choose(new File([PNG], 'me.png', { type: 'image/png' }));
    await screen.findByText(WAITING);
    expect(picture(view.container)).toBe(`data:image/png;base64,${btoa(String.fromCharCode(...PNG))}`);
    expect(screen.queryByText('Uploading picture…')).toBeNull();
    expect(posts).toBe(0);

    // A reload: the screen and the outbox's memory go; what was kept on the phone comes back.
    view.unmount();
    resetOutboxForTests();
    const again = renderPicker();
    expect(screen.getByText(WAITING)).toBeTruthy();
    expect(picture(again.container)).toMatch(/^data:image\/png;base64,/);
  });

  it('a photo refused when sent later says why, and the chosen photo is no longer shown as the picture', async () => {
    const view = renderPicker();
    choose(new File([PNG], 'me.png', { type: 'image/png' }));
    await screen.findByText(WAITING);
    network.online = true;
    reply = () => json(400, { error: { code: 'VALIDATION_FAILED', message: 'bad', details: [{ path: 'image', code: 'IMAGE_TYPE' }] } });
    await act(() => flush());
    expect(posts).toBe(1);
    await screen.findByText('Not saved: Choose a JPEG or PNG picture.');
    expect(screen.queryByText(WAITING)).toBeNull();
    expect(picture(view.container)).toBeUndefined();
    expect(outboxEntries()[0]?.refusal?.code).toBe('VALIDATION_FAILED');
  });

  it('a file of another type is refused on the phone: nothing kept, nothing sent', async () => {
    renderPicker();
    choose(new File(['<svg/>'], 'me.svg', { type: 'image/svg+xml' }));
    await screen.findByText('Choose a JPEG or PNG picture.');
    expect(outboxEntries()).toEqual([]);
    expect(posts).toBe(0);
  });

  // Spec §5 'jpeg or png, at most 2MB', decided as the server decides: by the first bytes, size first.
  it('a JPEG the camera labelled with no type is taken; an SVG named .png is refused', async () => {
    const view = renderPicker();
    choose(new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0, 1])], 'IMG_0001', { type: '' }));
    await screen.findByText(WAITING);
    expect(outboxEntries()).toHaveLength(1);
    // Kept and shown as the JPEG it is.
    expect(picture(view.container)).toMatch(/^data:image\/jpeg;base64,/);

    choose(new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'me.png', { type: 'image/png' }));
    await screen.findByText('Choose a JPEG or PNG picture.');
    expect(outboxEntries()).toHaveLength(1);
  });

  it('takes a picture of exactly 2 MB and refuses one byte more, before its type is looked at', async () => {
    renderPicker();
    const twoMb = 2 * 1024 * 1024;
    choose(new File([PNG, new Uint8Array(twoMb - PNG.length + 1)], 'big.png', { type: 'image/png' }));
    await screen.findByText('The picture must be 2 MB or smaller.');
    choose(new File([new Uint8Array(twoMb + 1)], 'big.gif', { type: 'image/gif' }));
    await screen.findByText('The picture must be 2 MB or smaller.');
    expect(outboxEntries()).toEqual([]);

    choose(new File([PNG, new Uint8Array(twoMb - PNG.length)], 'exact.png', { type: 'image/png' }));
    await screen.findByText(WAITING);
    expect(screen.queryByText('The picture must be 2 MB or smaller.')).toBeNull();
    expect(outboxEntries()).toHaveLength(1);
  });
});
