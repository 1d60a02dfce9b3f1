import { Link } from 'wouter';
import { InfoPage } from '@client/components/layout/info-page';

const SECTIONS = [
  {
    id: 'membership',
    title: 'Your account',
    body: (
      <ul>
        <li>You need to be old enough to agree to these terms where you live, and to give a real name.</li>
        <li>
          One account per person. Keep your password to yourself; you are responsible for what your account
          does.
        </li>
        <li>You can delete your account at any time from your profile’s Preferences.</li>
      </ul>
    ),
  },
  {
    id: 'listings',
    title: 'What you list',
    body: (
      <ul>
        <li>List only clothing, shoes and accessories that you own and can send.</li>
        <li>
          Describe each item honestly: its real condition, size and brand, with your own photos. Estimated
          values are your honest guess, not a price.
        </li>
        <li>No counterfeits, nothing unsafe or illegal, and nothing offensive in photos or text.</li>
      </ul>
    ),
  },
  {
    id: 'swaps',
    title: 'Swaps',
    body: (
      <ul>
        <li>
          A swap is an agreement between two members. Accepting a request reserves both items; send yours
          promptly and confirm when you receive theirs.
        </li>
        <li>
          Cancel with a reason if you cannot go through with it. Cancellations after acceptance show in your
          trading record.
        </li>
        <li>
          Disputes are decided by this community’s moderators on what both members show them. Their decision
          completes or cancels the swap on Threadswap; it does not replace your rights under the law.
        </li>
        <li>No money changes hands on Threadswap. Never ask for, or send, payment for a swap.</li>
      </ul>
    ),
  },
  {
    id: 'conduct',
    title: 'How we treat each other',
    body: (
      <p>
        Be honest and kind. Harassment, spam, scams and discrimination are not allowed. Moderators may remove
        content and suspend accounts that break these rules. Members can report and block anyone.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'The service',
    body: (
      <p>
        Threadswap is provided as it is, by the people who run this community. We work to keep it available
        and safe, but we do not inspect items and are not a party to the swaps members make. See also our{' '}
        <Link href="/privacy">Privacy</Link> notice.
      </p>
    ),
  },
] as const;

/** /terms: the rules of using this Threadswap community. */
export function TermsPage() {
  return (
    <InfoPage
      testId="page-terms"
      title="Terms of use"
      description="The rules for listing, swapping and behaving on Threadswap."
      intro="The short version: list honestly, swap fairly, and treat people well."
      sections={SECTIONS}
    />
  );
}
