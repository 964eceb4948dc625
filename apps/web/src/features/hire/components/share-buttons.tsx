import { useState } from 'react';
import type { TFunction } from 'i18next';
import { Button } from '../../../components/ui/button';
import { canShareNatively, smsHref, whatsappHref } from '../share';

/**
 * Sends a link's message: the phone's share sheet where there is one, else WhatsApp or SMS (to the
 * customer's number when known); the link itself shown and copyable too.
 */
export function ShareButtons({ text, url, phone, t }: { text: string; url: string; phone?: string | null | undefined; t: TFunction }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="hire-share">
      <p className="hire-link" dir="ltr">
        {url}
      </p>
      <div className="hire-share-row">
        {canShareNatively() && <Button onClick={() => void navigator.share({ text }).catch(() => undefined)}>{t('hire.share.send')}</Button>}
        <a className="btn btn-secondary" href={whatsappHref(text, phone)} target="_blank" rel="noopener noreferrer">
          <span>{t('hire.share.whatsapp')}</span>
        </a>
        <a className="btn btn-secondary" href={smsHref(text, phone)}>
          <span>{t('hire.share.sms')}</span>
        </a>
        {typeof navigator !== 'undefined' && navigator.clipboard && (
          <Button
            variant="secondary"
            onClick={() =>
              void navigator.clipboard.writeText(url).then(
                () => setCopied(true),
                () => undefined,
              )
            }
          >
            {t('hire.share.copy')}
          </Button>
        )}
      </div>
      {copied && (
        <p role="status" className="fine-print">
          {t('hire.share.copied')}
        </p>
      )}
    </div>
  );
}
