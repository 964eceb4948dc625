import type { Generated } from 'kysely';

/**
 * Table types. Times are epoch milliseconds (INTEGER on SQLite, BIGINT on PostgreSQL read back as
 * numbers); flags are 0/1 integers so both engines agree.
 */

export interface UsersTable {
  id: string;
  mobile_no: string;
  name: string;
  birth_date: string;
  email: string | null;
  language: string;
  pin_hash: string;
  /** Consecutive wrong PINs; reset by a right PIN or by createpin. */
  pin_failures: Generated<number>;
  /** While in the future, PIN attempts are refused without being checked or counted. */
  pin_locked_until: number | null;
  image_name: string | null;
  created_at: number;
  updated_at: number;
}

export interface UserDevicesTable {
  user_id: string;
  /** sha256 of the browser's deviceID: the raw id is never stored. */
  device_hash: string;
  created_at: number;
}

export interface OtpChallengesTable {
  mobile_no: string;
  purpose: string;
  /** HMAC of the current code, or null once used. */
  code_hash: string | null;
  window_started_at: number;
  expires_at: number;
  attempts: number;
}

export interface OtpSendsTable {
  id: string;
  mobile_no: string;
  purpose: string;
  sent_at: number;
}

export interface UsedTicketsTable {
  jti: string;
  expires_at: number;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  remember_me: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface RefreshTokensTable {
  /** sha256 of the cookie value. */
  token_hash: string;
  session_id: string;
  created_at: number;
  used_at: number | null;
}

export interface ProfileImagesTable {
  name: string;
  user_id: string;
  content_type: string;
  data: Buffer;
  created_at: number;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

export interface Database {
  users: UsersTable;
  user_devices: UserDevicesTable;
  otp_challenges: OtpChallengesTable;
  otp_sends: OtpSendsTable;
  used_tickets: UsedTicketsTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  profile_images: ProfileImagesTable;
  app_settings: AppSettingsTable;
}

export type Engine = 'sqlite' | 'postgres';
