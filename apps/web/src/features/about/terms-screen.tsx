import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TermsDialog } from '../../components/legal/terms-dialog';
import { paths } from '../../config/paths';
import { storage } from '../../lib/secure-storage';

/** #/terms-policies: the terms as a modal; back returns to where they were opened from. */
export function TermsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  const previous = typeof from === 'string' ? from : (storage.get('path') ?? null);
  // A screen of its own with no Page: the tab's title names it, as every other screen's does.
  const title = t('terms.title');
  useEffect(() => {
    document.title = `${title} · TractorLink`;
  }, [title]);
  return (
    <div className="page">
      <TermsDialog
        open
        asScreen
        previousRoute={previous}
        onClose={() => void navigate(typeof from === 'string' ? from : paths.about.getHref(), { replace: true })}
      />
    </div>
  );
}
