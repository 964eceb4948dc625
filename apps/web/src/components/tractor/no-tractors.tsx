import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TractorIcon } from '../ui/icons';
import { paths } from '../../config/paths';

/** Spec §8 'no tractors available', with the way out: add one. */
export function NoTractors() {
  const { t } = useTranslation();
  return (
    <div className="empty">
      <TractorIcon width={48} height={48} />
      <p className="notice" role="status">
        {t('home.noTractors')}
      </p>
      <Link to={paths.addTractor.getHref()} className="btn btn-primary">
        {t('tractor.add')}
      </Link>
    </div>
  );
}
