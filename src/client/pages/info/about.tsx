import { Link } from 'wouter';
import { InfoPage } from '@client/components/layout/info-page';

const SECTIONS = [
  {
    id: 'what',
    title: 'Swapping, not selling',
    body: (
      <>
        <p>
          Threadswap is a marketplace where members swap pre-loved clothing, shoes and accessories item for
          item. Nobody pays and nobody is paid: you list what you no longer wear, find something you would,
          and offer one for the other.
        </p>
        <p>
          Values are estimates set by each owner, shown so that both sides can see a swap is fair. Matching
          explains itself: every suggestion says why it was made.
        </p>
      </>
    ),
  },
  {
    id: 'trust',
    title: 'Trades you can trust',
    body: (
      <ul>
        <li>
          Both items are reserved when a swap is accepted, and the terms you accepted cannot change under you.
        </li>
        <li>
          Either side can cancel an accepted swap with a reason; if something arrives not as described, you
          can open a dispute and a moderator decides.
        </li>
        <li>Profiles show each member’s trading record and the ratings of the people they swapped with.</li>
      </ul>
    ),
  },
  {
    id: 'sustainability',
    title: 'Why it matters',
    body: (
      <p>
        Every garment that finds a second wearer is one less made new and one less in landfill. Threadswap
        keeps money out of it so that the only question is whether a piece will be worn again.
      </p>
    ),
  },
  {
    id: 'community',
    title: 'Run by its community',
    body: (
      <p>
        Threadswap is open-source software that a community runs for itself. The people who run this site set
        its house rules and moderate it. New here? Start with <Link href="/how-it-works">How It Works</Link>{' '}
        or the <Link href="/help">Help</Link> pages.
      </p>
    ),
  },
] as const;

/** /about: what Threadswap is and why. */
export function AboutPage() {
  return (
    <InfoPage
      testId="page-about"
      title="About Threadswap"
      description="Threadswap is a community marketplace for swapping pre-loved fashion item for item, with no money involved."
      intro="A place to give your clothes a second life, and find theirs."
      sections={SECTIONS}
    />
  );
}
