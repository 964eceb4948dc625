import { createContext, useContext, useEffect } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { screenShown } from '../../lib/tap-guard';
import { BackIcon } from './icons';

/** The signed-in shell puts its menu button here; screens outside it show a back link or nothing. */
export const TopBarStartContext = createContext<ReactNode>(null);

interface PageProps {
  title: string;
  /** Where the back link goes; omitted = the shell's menu button (if any). */
  backTo?: string;
  children: ReactNode;
  className?: string;
}

/** One screen: a top bar with its title (the page's h1) and the main content. */
export function Page({ title, backTo, children, className }: PageProps) {
  const { t } = useTranslation();
  const shellStart = useContext(TopBarStartContext);
  useEffect(() => {
    document.title = `${title} · TractorLink`;
  }, [title]);
  // A screen that a submit brought: a second tap of a double tap must not land on it (tap-guard.ts).
  useEffect(() => {
    screenShown();
  }, []);
  return (
    <>
      <header className="top-bar">
        {backTo ? (
          <Link to={backTo} className="icon-button">
            <BackIcon />
            <span className="visually-hidden">{t('common.back')}</span>
          </Link>
        ) : (
          shellStart
        )}
        <h1>{title}</h1>
      </header>
      {/* Focusable by script only: where focus goes when the control that had it disappears. */}
      <main id="main" tabIndex={-1} className={`page${className ? ` ${className}` : ''}`}>
        {children}
      </main>
    </>
  );
}
