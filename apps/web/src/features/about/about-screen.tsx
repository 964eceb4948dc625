import { Suspense, lazy, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { HomeResponse } from '@tractorlink/domain/auth';
import { DocIcon, InfoIcon, MailIcon, PhoneIcon } from '../../components/ui/icons';
import { Page } from '../../components/ui/page';
import { env } from '../../config/env';
import { paths } from '../../config/paths';
import { queryKeys } from '../../lib/query-keys';
import { sessionStore } from '../../lib/session';

// Signed in only, and fetched then (see about-coach-mark.tsx).
const AboutCoachMark = lazy(() => import('./about-coach-mark').then((m) => ({ default: m.AboutCoachMark })));

/** Version, terms, the diesel disclaimer and how to reach us (spec §9). Public. */
export function AboutScreen() {
  const { t } = useTranslation();
  const signedIn = useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot) === 'signedIn';
  // The number the home service gave us, else the build's default (the page is public).
  const tollFree = useQueryClient().getQueryData<HomeResponse>(queryKeys.home)?.tollFreeNumber || env.tollFreeNumber;
  return (
    <Page title={t('about.title')} backTo={signedIn ? paths.settings.getHref() : paths.login.getHref()}>
      {signedIn && (
        <Suspense fallback={null}>
          <AboutCoachMark />
        </Suspense>
      )}
      <section className="card">
        <h2>TractorLink</h2>
        <p>{t('about.version', { version: env.version })}</p>
        <p>{t('about.summary')}</p>
      </section>
      <section className="card" aria-labelledby="disclaimer">
        <h2 id="disclaimer">
          <InfoIcon /> {t('about.disclaimerTitle')}
        </h2>
        <p>{t('about.disclaimer')}</p>
      </section>
      <section className="card" aria-labelledby="contact">
        <h2 id="contact">{t('about.contactTitle')}</h2>
        <ul className="menu-list">
          <li>
            <a href={`tel:${tollFree.replace(/\s+/g, '')}`}>
              <PhoneIcon />
              <span>
                {t('about.call')} <span dir="ltr">{tollFree}</span>
              </span>
            </a>
          </li>
          <li>
            <a href={`mailto:${env.supportEmail}`}>
              <MailIcon />
              <span>
                {t('about.email')} <span dir="ltr">{env.supportEmail}</span>
              </span>
            </a>
          </li>
          <li>
            <Link to={paths.termsPolicies.getHref()} state={{ from: paths.about.getHref() }}>
              <DocIcon />
              <span>{t('about.terms')}</span>
            </Link>
          </li>
        </ul>
      </section>
    </Page>
  );
}
