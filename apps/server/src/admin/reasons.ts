import type { ErrorDetail } from '../errors/app-error';

/** Plain words for the operator next to each code (the API gives the codes alone). */
const REASONS: Record<string, string> = {
  ALREADY_PROVISIONED: 'already provisioned',
  DEVICE_MODEL_UNKNOWN: 'unknown device model',
  VIN_INVALID: '17 letters and digits, no I, O or Q',
  IMEI_INVALID: '15 digits',
  ENGINE_NO_INVALID: '4-25 letters, digits, / or -',
  REG_NO_INVALID: 'a registration mark such as MH15AB1234',
  MOBILE_INVALID: '10 digits starting 6-9',
  PINCODE_INVALID: '6 digits',
  NAME_INVALID: 'letters, spaces, dots, apostrophes and hyphens only',
  NAME_REQUIRED: 'required',
  VEH_NAME_INVALID: 'letters, digits, spaces, . - _ only',
  VEH_NAME_TOO_LONG: 'at most 30 characters',
  OUT_OF_RANGE: 'out of range',
  EXPIRES_ON_INVALID: 'a date YYYY-MM-DD or epoch seconds',
  DATE_INVALID: 'a date YYYY-MM-DD',
  REQUIRED: 'required',
  TYPE_INVALID: 'wrong type',
  TOO_LONG: 'too long',
  UNKNOWN_FIELD: 'unknown field',
  COLUMN_COUNT: 'not as many cells as the header has columns',
};

export function describeDetails(details: readonly ErrorDetail[], knownDeviceModels: readonly string[]): string {
  return details
    .map((d) => {
      const reason = d.code === 'DEVICE_MODEL_UNKNOWN' ? `${REASONS[d.code]}; known: ${knownDeviceModels.join(', ')}` : REASONS[d.code];
      return `${d.path || 'record'}: ${d.code}${reason ? ` (${reason})` : ''}`;
    })
    .join('; ');
}
