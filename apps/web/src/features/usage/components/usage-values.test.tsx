import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { UsageReportValues } from '@tractorlink/domain/vehicles-api';
import tractorEn from '../../../locales/tractor/en.json';
import { initI18n } from '../../../lib/i18n';
import { loadTractorTexts } from '../../../lib/signed-in/tractor-texts';
import { UsageValues } from './usage-values';

beforeAll(async () => {
  await initI18n('en');
  await loadTractorTexts('en');
});

const valueOf = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('usage values: a figure the tractor cannot measure', () => {
  it('says "Not measured" for each unknown figure, never 0', () => {
    const values: UsageReportValues = {
      fieldWorkAcres: null,
      onRoadKm: 3.2,
      engineHours: 1,
      engineMinutes: 5,
      ptoHours: null,
      averageRpm: null,
      dieselConsumedL: null,
      dieselRemainingL: null,
    };
    render(<UsageValues values={values} />);
    const unknown = tractorEn['usage.notMeasured'];
    for (const key of ['usage.fieldWork', 'usage.pto', 'usage.averageRpm', 'usage.dieselConsumed', 'usage.dieselRemaining'] as const)
      expect(valueOf(tractorEn[key]), key).toBe(unknown);
    // '3.2 km' on screen, '3.2 kilometres' read aloud.
    expect(valueOf(tractorEn['usage.onRoad'])).toBe('3.2 km3.2 kilometres');
  });

  it('shows a true 0 as 0 (a PTO input that was off all day)', () => {
    render(
      <UsageValues
        values={{ fieldWorkAcres: 0, onRoadKm: 0, engineHours: 0, engineMinutes: 0, ptoHours: 0, averageRpm: 0, dieselConsumedL: 0, dieselRemainingL: 12 }}
      />,
    );
    expect(valueOf(tractorEn['usage.pto'])).toMatch(/^0/);
    expect(screen.queryByText(tractorEn['usage.notMeasured'])).toBeNull();
  });
});

describe('usage values: hours written one way', () => {
  it('writes engine hours and PTO hours alike ("5 h 50 min" beside "5 h 30 min", not "5.5 h"), said in words', () => {
    render(
      <UsageValues
        values={{
          fieldWorkAcres: 1,
          onRoadKm: 1.5,
          engineHours: 5,
          engineMinutes: 50,
          ptoHours: 5.5,
          averageRpm: 1797,
          dieselConsumedL: 20,
          dieselRemainingL: 32.8,
        }}
      />,
    );
    expect(valueOf(tractorEn['usage.engineTime'])).toBe('5 h 50 min5 hours 50 minutes');
    expect(valueOf(tractorEn['usage.pto'])).toBe('5 h 30 min5 hours 30 minutes');
    // One acre in the singular.
    expect(valueOf(tractorEn['usage.fieldWork'])).toBe('1 acre');
  });
});
