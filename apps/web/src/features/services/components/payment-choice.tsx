import type { TFunction } from 'i18next';
import { BOOKING_PAYMENT_CHOICES, type BookingPaymentChoice } from '@tractorlink/domain/service-booking';

interface PaymentChoiceProps {
  value: BookingPaymentChoice;
  onChange: (choice: BookingPaymentChoice) => void;
  t: TFunction;
}

/** How a charged service is paid: at the farm (cash or UPI to the mechanic) or now, online through the payment page. */
export function PaymentChoice({ value, onChange, t }: PaymentChoiceProps) {
  return (
    <fieldset className="choice-list">
      <legend>{t('summary.payHow')}</legend>
      {BOOKING_PAYMENT_CHOICES.map((choice) => (
        <label key={choice} className="choice choice-two-line">
          <input type="radio" name="booking-payment" value={choice} checked={value === choice} onChange={() => onChange(choice)} />
          <span>
            <span className="choice-title">{t(choice === 'online' ? 'summary.payOnline' : 'summary.payAtFarmChoice')}</span>
            <span>{t(choice === 'online' ? 'summary.payOnlineHint' : 'summary.payAtFarm')}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
