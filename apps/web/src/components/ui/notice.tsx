import type { ReactNode } from 'react';

interface NoticeProps {
  tone?: 'info' | 'success' | 'error';
  children: ReactNode;
}

/** A message announced to screen readers: errors interrupt (alert), others wait (status). */
export function Notice({ tone = 'info', children }: NoticeProps) {
  return (
    <p className={`notice notice-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
