import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import en from '../../locales/en.json';
import { initI18n } from '../../lib/i18n';
import { HISTORY_LOADER_TIMEOUT_MS, LOADER_TIMEOUT_MS } from '../../lib/loading';
import { PendingStatus } from './pending-status';

beforeAll(() => initI18n('en'));
afterEach(() => vi.useRealTimers());

describe('a screen waiting for its data (spec §9 loader time-outs)', () => {
  it('says Loading… for 6 s, then that the link is slow, with Try again that waits afresh', () => {
    vi.useFakeTimers();
    const retry = vi.fn();
    render(<PendingStatus retry={retry} />);
    act(() => vi.advanceTimersByTime(LOADER_TIMEOUT_MS - 1));
    expect(screen.getByRole('status').textContent).toBe(en['common.loading']);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('alert').textContent).toBe(en['common.slow']);
    fireEvent.click(screen.getByRole('button', { name: en['common.tryAgain'] }));
    expect(retry).toHaveBeenCalledOnce();
    expect(screen.getByRole('status').textContent).toBe(en['common.loading']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('waits 13 s for history', () => {
    vi.useFakeTimers();
    render(<PendingStatus retry={() => undefined} timeoutMs={HISTORY_LOADER_TIMEOUT_MS} />);
    act(() => vi.advanceTimersByTime(HISTORY_LOADER_TIMEOUT_MS - 1));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('alert').textContent).toBe(en['common.slow']);
  });
});
