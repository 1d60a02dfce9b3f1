import { InfoPage } from '@client/components/layout/info-page';

const SECTIONS = [
  {
    id: 'what',
    title: 'What we keep',
    body: (
      <ul>
        <li>
          Your account: name, email address, location if you give one, and your password as a one-way hash.
        </li>
        <li>
          What you add: listings and their photos, favourites, your wishlist, preferences, messages, reviews.
        </li>
        <li>
          Your signed-in sessions, with the device each came from and when it was last used, so that you can
          see them under Preferences and sign any of them out.
        </li>
        <li>Your trades, their terms when you agreed them, and any dispute with its photos.</li>
      </ul>
    ),
  },
  {
    id: 'who',
    title: 'Who sees it',
    body: (
      <ul>
        <li>Everyone sees your listings, your name, your profile and your public reviews.</li>
        <li>
          Only you and the member you talk to see your messages; only the two parties see a trade’s details.
        </li>
        <li>Moderators see what is reported to them and the disputes they are asked to decide.</li>
        <li>Your email address is never shown to other members. We do not sell or share your data.</li>
      </ul>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <p>
        One cookie keeps you signed in. It is sent only to this site and cannot be read by scripts. There are
        no advertising or tracking cookies, and nothing is loaded from other sites.
      </p>
    ),
  },
  {
    id: 'logs',
    title: 'Logs',
    body: (
      <p>
        The server keeps technical logs to keep the service running and safe. They leave out passwords,
        session tokens, email addresses and the text of messages.
      </p>
    ),
  },
  {
    id: 'deletion',
    title: 'Deleting your account',
    body: (
      <p>
        Delete your account from your profile’s Preferences. Your listings are withdrawn and their photos stop
        being served; your wishlist, favourites, connections, notifications and sessions are deleted; your
        email address is removed. Reviews and messages you already sent stay with the members who received
        them, under a deleted member’s name.
      </p>
    ),
  },
] as const;

/** /privacy: what this Threadswap community stores about its members, and who sees it. */
export function PrivacyPage() {
  return (
    <InfoPage
      testId="page-privacy"
      title="Privacy"
      description="What Threadswap stores about you, who can see it, and how to delete it."
      intro="What we keep about you, who sees it, and how to remove it."
      sections={SECTIONS}
    />
  );
}
