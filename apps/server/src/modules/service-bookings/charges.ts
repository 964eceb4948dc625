import type { BookingCharge } from '@tractorlink/domain/service-booking-api';
import { FREE_ELIGIBLE_TYPE, freeServicesLeft, type ServiceType } from '@tractorlink/domain/service-booking';
import { gstOn } from '@tractorlink/domain/subscription';
import type { ServiceTypeConfig } from './catalogue';

export const NO_CHARGE: BookingCharge = { basicPaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 };

/** Whether the next booking of `type` for a tractor that has used `used` free services is free. */
export const isFree = (type: ServiceType, allowance: number, used: number) => type === FREE_ELIGIBLE_TYPE && freeServicesLeft(allowance, used) > 0;

/**
 * The charge of a service with GST as a subscription pack's: CGST + SGST when the farm is in the
 * supplier's state, IGST otherwise (the farm's state is the place of supply).
 */
export function chargeFor(type: ServiceTypeConfig, free: boolean, supplierState: string, farmState: string): BookingCharge {
  if (free) return NO_CHARGE;
  const tax = gstOn(type.pricePaise, supplierState, farmState);
  return { basicPaise: tax.taxablePaise, cgstPaise: tax.cgstPaise, sgstPaise: tax.sgstPaise, igstPaise: tax.igstPaise, totalPaise: tax.totalPaise };
}
