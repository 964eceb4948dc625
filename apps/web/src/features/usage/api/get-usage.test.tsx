import { expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { pollEachTest } from '../../../test/poll';
import { useUsage } from './get-usage';

const VIN = 'MBNTL45DEM0000001';
const { asked, wrapper } = pollEachTest(() => ({ data: [] }));

it('asks for the usage figures again every 300000 ms while the tab is open (spec §9 usage refresh)', async () => {
  const usageCalls = () => asked.filter((u) => u.includes(`vehicles/aggregations/${VIN}`)).length;
  renderHook(() => useUsage(VIN, { filter: 'day', first: '2026-11-21', last: '2026-11-21' }), { wrapper: wrapper() });
  await act(() => vi.advanceTimersByTimeAsync(10));
  expect(usageCalls()).toBe(1);
  expect(asked[0]).toContain('aggregationOption=day');
  // 300000 ms counted from the first answer (10 ms in).
  await act(() => vi.advanceTimersByTimeAsync(299_980));
  expect(usageCalls()).toBe(1);
  await act(() => vi.advanceTimersByTimeAsync(20));
  expect(usageCalls()).toBe(2);
});
