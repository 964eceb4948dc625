import type { TFunction } from 'i18next';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../public-pages/customer-figures';

interface SharedLink {
  id: string;
  state: string;
  createdAt: number;
}

interface LinkListProps<L extends SharedLink> {
  heading: string;
  links: readonly L[];
  /** What the link is and until when (its state's words). */
  line: (link: L) => string;
  /** The link being revoked, if any (its button shows busy). */
  revokingId: string | undefined;
  onRevoke: (link: L) => void;
  t: TFunction;
  lang: string;
}

/** The links made so far (a bill's or a tractor's live position), each active one with its Revoke button. */
export function LinkList<L extends SharedLink>({ heading, links, line, revokingId, onRevoke, t, lang }: LinkListProps<L>) {
  if (links.length === 0) return null;
  return (
    <section aria-label={heading}>
      <h3>{heading}</h3>
      <ul className="plain-list hire-links">
        {links.map((l) => (
          <li key={l.id} data-state={l.state}>
            <span>{line(l)}</span>
            {l.state === 'active' && (
              <Button
                variant="secondary"
                aria-label={t('hire.link.revokeNamed', { made: formatDateTime(l.createdAt, lang) })}
                busy={revokingId === l.id}
                onClick={() => onRevoke(l)}
              >
                {t('hire.link.revoke')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
