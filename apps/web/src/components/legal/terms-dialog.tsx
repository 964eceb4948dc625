import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../ui/dialog';
import { BackIcon } from '../ui/icons';
import { currentLanguage, loadTerms } from '../../lib/i18n';
import { storage } from '../../lib/secure-storage';
import { Loading } from '../ui/loading';

/** Sections of the legal text (spec §1), each a title and a body in the `terms` namespace. */
export const TERMS_SECTIONS = ['eligibility', 'device', 'removal', 'ownership', 'fees', 'termination', 'privacy', 'arbitration', 'grievance'] as const;

/** Spec §2: the closing line 'I agree.' shows only when the terms were not opened from About. */
export function showsAgreeLine(previousRoute: string | null | undefined): boolean {
  return previousRoute !== '/about';
}

interface TermsDialogProps {
  open: boolean;
  onClose: () => void;
  /** The route the terms were opened from. */
  previousRoute: string | null | undefined;
  /** The terms are the whole screen (#/terms-policies): their title is its h1. */
  asScreen?: boolean;
}

export function TermsDialog({ open, onClose, previousRoute, asScreen = false }: TermsDialogProps) {
  const { t, i18n } = useTranslation();
  const { t: legal } = useTranslation('terms');
  const [loaded, setLoaded] = useState<string | null>(null);
  const lang = currentLanguage();

  useEffect(() => {
    if (!open) return;
    // Spec §2: opening the terms records the route.
    if (previousRoute) storage.set('path', previousRoute);
    let live = true;
    loadTerms(lang)
      .catch(() => undefined)
      .finally(() => live && setLoaded(lang));
    return () => {
      live = false;
    };
  }, [open, previousRoute, lang]);

  const ready = loaded === lang || i18n.hasResourceBundle(lang, 'terms');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      className="terms"
      title={t('terms.title')}
      headingLevel={asScreen ? 1 : 2}
      start={
        <button type="button" className="icon-button" onClick={onClose}>
          <BackIcon />
          <span className="visually-hidden">{t('common.back')}</span>
        </button>
      }
    >
      {ready ? (
        <div className="legal-text" tabIndex={0} aria-label={t('terms.title')} role="region">
          <p>{legal('terms.intro')}</p>
          {TERMS_SECTIONS.map((s) => (
            <section key={s}>
              <h3>{legal(`terms.${s}.title`)}</h3>
              <p>{legal(`terms.${s}.body`)}</p>
            </section>
          ))}
          {showsAgreeLine(previousRoute) && <p className="agree">{t('terms.agree')}</p>}
        </div>
      ) : (
        <Loading />
      )}
    </Dialog>
  );
}
