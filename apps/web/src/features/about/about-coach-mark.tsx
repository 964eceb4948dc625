import { CoachMark } from '../../components/coach/coach-mark';
import { useTractorTexts } from '../../lib/signed-in/tractor-texts';

/**
 * The app info coach mark. The about screen is public, so this is a chunk of its own, fetched only
 * when the owner is signed in: the login screen carries neither it nor the signed-in words.
 */
export function AboutCoachMark() {
  const { t } = useTractorTexts();
  return <CoachMark flag="hideAppInfoCoachMark" title={t('coach.about.title')} tips={[t('coach.about.tip1'), t('coach.about.tip2'), t('coach.about.tip3')]} />;
}
