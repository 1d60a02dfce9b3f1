import { InfoPage } from '@client/components/layout/info-page';

const SECTIONS = [
  {
    id: 'standard',
    title: 'Our aim',
    body: (
      <p>
        Threadswap aims to meet the Web Content Accessibility Guidelines (WCAG) 2.1 at level AA, on phones and
        desktops alike.
      </p>
    ),
  },
  {
    id: 'how',
    title: 'How we check',
    body: (
      <ul>
        <li>
          Every main page and dialog is checked automatically with axe in a real browser, at phone and desktop
          widths, each time the code changes. A serious or critical finding stops a release.
        </li>
        <li>
          Everything can be used with the keyboard alone, with visible focus, and dialogs keep focus inside.
        </li>
        <li>
          Images of items carry their titles as text alternatives; icons that act as buttons have names.
        </li>
        <li>Live changes (new messages, notifications) are announced to screen readers.</li>
      </ul>
    ),
  },
  {
    id: 'limits',
    title: 'Known limitations',
    body: (
      <ul>
        <li>The 3D trade preview is a visual extra; the same comparison is given as text beside it.</li>
        <li>Photos uploaded by members may not describe everything they show; the listing text says more.</li>
      </ul>
    ),
  },
  {
    id: 'feedback',
    title: 'Tell us',
    body: (
      <p>
        If something is hard to use with your setup, report it from any page’s listing or profile with the
        reason “Other”, and describe what happened: it reaches this community’s moderators.
      </p>
    ),
  },
] as const;

/** /accessibility: the accessibility statement. */
export function AccessibilityPage() {
  return (
    <InfoPage
      testId="page-accessibility"
      title="Accessibility statement"
      description="How Threadswap works towards WCAG 2.1 AA, how it is checked, and its known limitations."
      intro="Threadswap should work for everyone who wants to swap."
      sections={SECTIONS}
    />
  );
}
