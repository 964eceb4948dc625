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
