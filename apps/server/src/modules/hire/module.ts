import type { Clock } from '../../clock';
import type { Engine } from '../../db/types';
import { JobBook, type PlaceName } from './jobs';
import { HireLedger } from './ledger';
import { HireLinks } from './links';
import { JobMeasurer } from './measure';
import { ProposalService } from './proposals';
import { PublicPages } from './public';
import type { Db } from './repo';

/** The hire ledger's services (issue 17), wired to each other once. */
export interface HireModule {
  jobs: JobBook;
  ledger: HireLedger;
  proposals: ProposalService;
  links: HireLinks;
  pages: PublicPages;
}

export function createHireModule(deps: { db: Db; engine: Engine; clock: Clock; placeName: PlaceName; offlineAfterMs: number }): HireModule {
  const { db, engine, clock, placeName } = deps;
  const measurer = new JobMeasurer({ db, now: () => clock.now() });
  // The proposal scan ends running jobs through the job book, and the job book's reads run the scan first.
  const refresh = (userId: string): Promise<void> => proposals.refresh(userId);
  const jobs = new JobBook({ db, engine, clock, measurer, placeName, refresh });
  const proposals = new ProposalService({ db, clock, jobs, placeName });
  return {
    jobs,
    ledger: new HireLedger({ db, clock, measurer, placeName, refresh }),
    proposals,
    links: new HireLinks({ db, clock }),
    pages: new PublicPages({ db, clock, measurer, placeName, offlineAfterMs: deps.offlineAfterMs, refresh }),
  };
}
