import { Link } from 'wouter';
import { InfoPage } from '@client/components/layout/info-page';
import { FAQ } from '../how-it-works';

const SECTIONS = [
  {
    id: 'faq',
    title: 'Frequently asked questions',
    body: (
      <dl className="space-y-5">
        {FAQ.map((entry) => (
          <div key={entry.question} className="space-y-1">
            <dt className="font-medium">{entry.question}</dt>
            <dd className="text-muted-foreground">{entry.answer}</dd>
          </div>
        ))}
      </dl>
    ),
  },
  {
    id: 'safety',
    title: 'Safety tips',
    body: (
      <ul>
        <li>Keep the conversation in Threadswap’s chat, and never share passwords or payment details.</li>
        <li>Check a member’s trading record and ratings on their profile before you accept.</li>
        <li>Ask for extra photos of labels, soles and any wear before you agree.</li>
        <li>If you meet in person, choose a busy public place in daylight and inspect the item first.</li>
        <li>
          Use Report on a listing or a profile for anything that breaks the rules, and Block to stop someone
          contacting you.
        </li>
      </ul>
    ),
  },
  {
    id: 'shipping',
    title: 'Shipping guide',
    body: (
      <>
        <p>Each side pays to send their own item. Once a swap is accepted:</p>
        <ul>
          <li>Pack the item clean and folded, in a padded envelope or a box for shoes and bags.</li>
          <li>Use a tracked service, and keep the receipt until the swap is complete.</li>
          <li>
            Confirm receipt on the trade card as soon as your item arrives. Once one side has confirmed, the
            other has a few days to confirm too or open a dispute; after that the swap completes by itself.
          </li>
        </ul>
        <p>
          The shipping estimate on each trade gives an idea of the cost from the item’s weight and the
          distance.
        </p>
      </>
    ),
  },
  {
    id: 'problems',
    title: 'When a swap goes wrong',
    body: (
      <ul>
        <li>Before anything is sent, either side can cancel an accepted swap with a reason.</li>
        <li>
          If what arrived is not what was described, or never arrived, open a dispute from the trade card with
          photos. The trade is put on hold and a moderator decides; both of you see their note.
        </li>
        <li>
          Requests nobody answers expire after a week, and accepted swaps in which nothing was received are
          cancelled after three weeks, so nothing stays stuck.
        </li>
      </ul>
    ),
  },
  {
    id: 'contact',
    title: 'Still stuck?',
    body: (
      <p>
        Report the listing, the member or the trade: reports reach the moderators of this community, who
        review each one. For how swaps work step by step, see <Link href="/how-it-works">How It Works</Link>.
      </p>
    ),
  },
] as const;

/** /help: the FAQ, safety tips, the shipping guide and what to do when a swap goes wrong. */
export function HelpPage() {
  return (
    <InfoPage
      testId="page-help"
      title="Help"
      description="Answers to common questions about swapping on Threadswap: safety, shipping, and what to do when a swap goes wrong."
      intro="Answers to the questions members ask most."
      sections={SECTIONS}
    />
  );
}
