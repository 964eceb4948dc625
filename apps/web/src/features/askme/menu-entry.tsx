import { Link } from 'react-router';
import { SpeakerIcon } from '../../components/tractor/icons';
import { paths } from '../../config/paths';
import { useAskMeTexts } from '../../lib/signed-in/askme-texts';

/**
 * The side menu's entry to Ask me (spec §2 askme). Its name is in Ask me's own words; the menu
 * loads this module, and those words, only once it is opened, so the home tab carries neither.
 */
export function AskMeMenuEntry({ onClose }: { onClose: () => void }) {
  const { t, ready } = useAskMeTexts();
  if (!ready) return null;
  return (
    <li>
      <Link to={paths.askMe.getHref()} onClick={onClose}>
        <SpeakerIcon />
        <span>{t('askme.title')}</span>
      </Link>
    </li>
  );
}
