import { useId, useState } from 'react';
import type { TFunction } from 'i18next';
import { BILL_LINK_EXPIRIES } from '@tractorlink/domain/hire/rules';
import type { BillLinkExpiry } from '@tractorlink/domain/hire/rules';
import type { BillLink, Customer } from '@tractorlink/domain/hire-api';
import { LANGUAGES } from '@tractorlink/domain/languages';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../public-pages/customer-figures';
import { loadTexts } from '../../../public-pages/texts';
import { useBillLinks, useCreateBillLink, useRevokeBillLink } from '../api/links';
import { billText, jobBillText, linkUrl } from '../share';
import { LinkList } from './link-list';
import { ShareButtons } from './share-buttons';

interface BillShareProps {
  customer: Pick<Customer, 'id' | 'name' | 'phone' | 'language' | 'balancePaise'>;
  /** One job's bill instead of the customer's whole one: its id, day and what is still due on it. */
  job?: { id: string; date: string; duePaise: number } | undefined;
  t: TFunction;
  lang: string;
  /** False while the customer (or job) is only on this phone: the server cannot make its link yet. */
  canShare: boolean;
}

/**
 * 'Share the bill': a read-only link (no login; the customer sees the work, the drawing, the amounts
 * and the balance in their language, nothing else of the owner's), sent by the phone's share sheet,
 * WhatsApp or SMS; earlier links listed, each can be revoked.
 */
export function BillShare({ customer, job, t, lang, canShare }: BillShareProps) {
  const headingId = useId();
  const expiryId = useId();
  const [expiresIn, setExpiresIn] = useState<BillLinkExpiry>('never');
  const [made, setMade] = useState<{ url: string; text: string } | null>(null);
  const create = useCreateBillLink();
  const revoke = useRevokeBillLink();
  const links = useBillLinks(customer.id, canShare);
  const shown = (links.data ?? []).filter((l) => (job ? l.jobId === job.id : l.jobId === null));
  const customerLanguage = LANGUAGES.find((l) => l.code === customer.language)?.nativeName ?? customer.language;

  const makeLink = () => {
    setMade(null);
    create.mutate(
      { customerId: customer.id, ...(job ? { jobId: job.id } : {}), expiresIn },
      {
        onSuccess: async (link) => {
          const url = linkUrl(link.path);
          const { lang: textLang, texts } = await loadTexts(customer.language);
          const text = job
            ? jobBillText(texts, textLang, { name: customer.name, date: job.date, amountPaise: job.duePaise, url })
            : billText(texts, textLang, { name: customer.name, balancePaise: customer.balancePaise, url });
          setMade({ url, text });
        },
      },
    );
  };

  const linkLine = (l: BillLink) =>
    l.state === 'active'
      ? l.expiresAt === null
        ? t('hire.bill.linkNoEnd', { made: formatDateTime(l.createdAt, lang) })
        : t('hire.bill.linkUntil', { made: formatDateTime(l.createdAt, lang), until: formatDateTime(l.expiresAt, lang) })
      : t(`hire.link.${l.state}`, { made: formatDateTime(l.createdAt, lang) });

  return (
    <section className="card hire-bill-share" aria-labelledby={headingId}>
      <h2 id={headingId}>{t(job ? 'hire.bill.shareJob' : 'hire.bill.share')}</h2>
      <p className="fine-print">{t('hire.bill.shareHint', { language: customerLanguage })}</p>
      {!canShare && <Notice>{t('hire.bill.notYet')}</Notice>}
      {canShare && (
        <>
          <div className="field">
            <label htmlFor={expiryId}>{t('hire.bill.expiry')}</label>
            <select id={expiryId} className="select" value={expiresIn} onChange={(e) => setExpiresIn(e.target.value as BillLinkExpiry)}>
              {BILL_LINK_EXPIRIES.map((x) => (
                <option key={x} value={x}>
                  {t(`hire.bill.expiry.${x}`)}
                </option>
              ))}
            </select>
          </div>
          <Button onClick={makeLink} busy={create.isPending}>
            {t('hire.bill.makeLink')}
          </Button>
          {create.error && <Notice tone="error">{errorMessage(t, create.error)}</Notice>}
          {made && <ShareButtons text={made.text} url={made.url} phone={customer.phone} t={t} />}
          <LinkList
            heading={t('hire.bill.links')}
            links={shown}
            line={linkLine}
            revokingId={revoke.isPending ? revoke.variables?.id : undefined}
            onRevoke={(l) => revoke.mutate(l)}
            t={t}
            lang={lang}
          />
          {revoke.error && <Notice tone="error">{errorMessage(t, revoke.error)}</Notice>}
        </>
      )}
    </section>
  );
}
