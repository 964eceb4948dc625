import type { TFunction } from 'i18next';
import { BOOKING_ADDRESS_MAX } from '@tractorlink/domain/service-booking';
import type { FarmAddress } from '@tractorlink/domain/service-booking-api';
import { TextField } from '../../../components/ui/text-field';

type Problems = Partial<Record<keyof FarmAddress, string>>;

/** The farm the technician comes to: prefilled from the vehicle entry, every line editable. */
export function AddressFields({
  address,
  onChange,
  problems,
  t,
}: {
  address: FarmAddress;
  onChange: (a: FarmAddress) => void;
  problems: Problems;
  t: TFunction;
}) {
  const field = (key: keyof FarmAddress, max: number, extra: { inputMode?: 'numeric'; autoComplete?: string } = {}) => (
    <TextField
      label={t(`book.address.${key}`)}
      value={address[key]}
      maxLength={max}
      error={problems[key]}
      onChange={(e) => onChange({ ...address, [key]: e.target.value })}
      {...extra}
    />
  );
  return (
    <fieldset className="form address-fields">
      <legend>{t('book.address')}</legend>
      {field('line', BOOKING_ADDRESS_MAX, { autoComplete: 'street-address' })}
      {field('city', 60, { autoComplete: 'address-level2' })}
      {field('pincode', 6, { inputMode: 'numeric', autoComplete: 'postal-code' })}
      {field('state', 60, { autoComplete: 'address-level1' })}
    </fieldset>
  );
}
