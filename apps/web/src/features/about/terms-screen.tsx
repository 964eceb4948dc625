import { useLocation, useNavigate } from 'react-router';
import { TermsDialog } from '../../components/legal/terms-dialog';
import { paths } from '../../config/paths';
import { storage } from '../../lib/secure-storage';

/** #/terms-policies: the terms as a modal; back returns to where they were opened from. */
export function TermsScreen() {
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  const previous = typeof from === 'string' ? from : (storage.get('path') ?? null);
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
