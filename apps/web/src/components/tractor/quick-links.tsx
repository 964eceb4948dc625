import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { ChartIcon, EngineIcon, FuelIcon, RouteIcon } from './icons';

/** The tractor screens a quick link can open, each with its icon and title. */
const SCREENS = {
  usage: { href: paths.usage.getHref(), Icon: ChartIcon, title: 'usage.title' },
  diesel: { href: paths.dieselUsage.getHref(), Icon: FuelIcon, title: 'dieselUsage.title' },
  engine: { href: paths.engineUsage.getHref(), Icon: EngineIcon, title: 'engineUsage.title' },
  replay: { href: paths.routeReplay.getHref(), Icon: RouteIcon, title: 'replay.title' },
} as const;

/** Quick ways from one tractor screen to others; `label` (translated) names the group for screen readers. */
export function QuickLinks({ label, screens }: { label: string; screens: readonly (keyof typeof SCREENS)[] }) {
  const { t } = useTranslation();
  return (
    <nav className="quick-links" aria-label={label}>
      {screens.map((key) => {
        const { href, Icon, title } = SCREENS[key];
        return (
          <Link key={key} to={href}>
            <Icon /> <span>{t(title)}</span>
          </Link>
        );
      })}
    </nav>
  );
}
