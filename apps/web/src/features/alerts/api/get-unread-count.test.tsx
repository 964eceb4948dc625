import { expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { pollEachTest } from '../../../test/poll';
import { useUnreadCount } from './get-unread-count';

const VIN = 'MBNTL45DEM0000001';
const { asked, wrapper } = pollEachTest((n) => ({ count: n }));

it('counts the unread alerts again every 1500000 ms while the app is open (spec §9 general refresh)', async () => {
  const countCalls = () => asked.filter((u) => u.includes(`alerts/unread-count?vin=${VIN}`)).length;
  const { result } = renderHook(() => useUnreadCount(VIN), { wrapper: wrapper() });
  await act(() => vi.advanceTimersByTimeAsync(10));
  expect(countCalls()).toBe(1);
  expect(result.current.data).toBe(1);
  // 1500000 ms counted from the first answer (10 ms in).
  await act(() => vi.advanceTimersByTimeAsync(1_499_980));
  expect(countCalls()).toBe(1);
  await act(() => vi.advanceTimersByTimeAsync(20));
  expect(countCalls()).toBe(2);
  expect(result.current.data).toBe(2);
});
