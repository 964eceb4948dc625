import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { Avatar } from './avatar';

afterEach(cleanup);

describe('Avatar', () => {
  it('a picture that cannot be shown gives way to the initials, and a new picture is tried again', () => {
    const { container, rerender } = render(<Avatar name="Ramesh Patil" src="blob:first" />);
    const picture = container.querySelector('img');
    expect(picture?.getAttribute('src')).toBe('blob:first');
    fireEvent.error(picture as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('RP');

    rerender(<Avatar name="Ramesh Patil" src="blob:second" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('blob:second');
  });
});
