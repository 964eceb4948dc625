import type { TFunction } from 'i18next';
import type { ServiceType } from '@tractorlink/domain/service-booking';
import type { ServiceTypeOffer } from '@tractorlink/domain/service-booking-api';
import { formatRupees } from '../../../lib/signed-in/subscription';
import { durationText } from '../format';

interface TypePickerProps {
  types: readonly ServiceTypeOffer[];
  value: ServiceType | null;
  onChange: (type: ServiceType) => void;
  error?: string | undefined;
  t: TFunction;
  lang: string;
}

/** The service types as radio cards: the name, how long it takes at the farm, and 'Free' or its price. */
export function TypePicker({ types, value, onChange, error, t, lang }: TypePickerProps) {
  return (
    <fieldset className="choice-list">
      <legend>{t('book.type')}</legend>
      {types.map((offer) => (
        <label key={offer.type} className="choice choice-two-line">
          <input type="radio" name="service-type" value={offer.type} checked={value === offer.type} onChange={() => onChange(offer.type)} />
          <span>
            <span className="choice-title">{t(`serviceType.${offer.type}`)}</span>
            <span>
              {durationText(t, offer.durationMin, lang)} ·{' '}
              {offer.free || offer.charge.totalPaise === 0 ? t('book.free') : t('book.chargeTotal', { amount: formatRupees(offer.charge.totalPaise, lang) })}
            </span>
          </span>
        </label>
      ))}
      {/* A group's error: no single field to tie it to, so it is announced when it appears. */}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
