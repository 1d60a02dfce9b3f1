import {
  ArrowRight,
  Ban,
  Camera,
  CircleQuestionMark,
  Compass,
  Handshake,
  Lightbulb,
  ListChecks,
  MessageCircle,
  PackageCheck,
  PenLine,
  Repeat,
  Scale,
  ShieldCheck,
  Sparkles,
  UserPlus,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { CheckList, PrimaryBanner, StepCard } from '@client/components/layout/marketing';
import { PageContainer } from '@client/components/layout/page-container';
import { useAuth } from '@client/lib/session';
import { useAuthDialog } from '@client/features/auth';
import { useDocumentMeta } from '@client/lib/document-meta';

interface Step {
  icon: LucideIcon;
  title: string;
  text: string;
}

const GETTING_STARTED: readonly Step[] = [
  {
    icon: UserPlus,
    title: 'Sign Up & Create Your Profile',
    text: 'Create a free account with your email address and a password. Add a short bio and pick your favourite categories and sizes, so that matches and recommendations fit your style from day one.',
  },
  {
    icon: Camera,
    title: 'List Your Items',
    text: 'Photograph the pieces you no longer wear and add a title, a description, the category, size, brand and condition. Give each item an estimated value so that other traders can judge a fair swap at a glance.',
  },
  {
    icon: Compass,
    title: 'Discover & Browse',
    text: 'Search the marketplace and filter by category, condition, size, brand and more. Save favourites, and add the pieces you are hunting for to your wishlist: you are notified as soon as a matching item is listed.',
  },
  {
    icon: Handshake,
    title: 'Make Barter Offers',
    text: 'Found something you love? Choose one of your own items to offer in exchange and add a friendly message. The value hint shows whether the swap looks fair, and you can preview both items side by side in 3D.',
  },
  {
    icon: MessageCircle,
    title: 'Negotiate & Chat',
    text: 'Talk it through in real-time chat: ask for extra photos, confirm measurements and agree on shipping. The owner accepts or declines your request, and you are notified either way.',
  },
  {
    icon: PackageCheck,
    title: 'Complete Your Trade',
    text: 'Once a request is accepted, both items are reserved for the swap. Each of you ships your own item, you confirm when your new piece arrives, and you rate each other to help the community trade with confidence.',
  },
];

interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
  points: readonly string[];
}

const KEY_FEATURES: readonly Feature[] = [
  {
    icon: Sparkles,
    title: 'AI-Powered Matching',
    text: 'Our matching engine scores every possible swap and tells you why it was suggested.',
    points: [
      'Scores on value, category, size, brand and your wishlist',
      'Every match lists the reasons behind its score',
      'Smart Match ranks the items you could offer for a piece you love',
    ],
  },
  {
    icon: Users,
    title: 'Social Trading Network',
    text: 'Connect with traders who share your style and grow your reputation with every swap.',
    points: [
      'Friend recommendations based on shared brands and style',
      'An activity feed of new listings and completed trades',
      'Trust and influence scores that grow as you trade',
    ],
  },
  {
    icon: Scale,
    title: 'Value Estimation',
    text: 'Every item carries an estimated value, so both sides know what a fair trade looks like.',
    points: [
      '"Great match" when two values are within 20% of each other',
      'A Fair Trade badge when they are within 10%',
      'Values only guide the swap: nobody ever pays',
    ],
  },
  {
    icon: ShieldCheck,
    title: 'Safe Trading',
    text: 'Trade with confidence, with ratings, on-platform chat and clear trade statuses.',
    points: [
      'Ratings and reviews after every completed trade',
      'Real-time chat keeps every agreement in one place',
      'Track each request from pending to accepted to completed',
    ],
  },
];

const PRO_TIPS: readonly Feature[] = [
  {
    icon: Camera,
    title: 'Photography Tips',
    text: 'Great photos get more offers.',
    points: [
      'Shoot in natural daylight, close to a window',
      'Use a plain, uncluttered background',
      'Show the front, the back, the label and any details',
      'Photograph flaws honestly so there are no surprises',
      'Show the fit on a hanger, a mannequin or yourself',
    ],
  },
  {
    icon: PenLine,
    title: 'Writing Descriptions',
    text: 'A clear description answers questions before they are asked.',
    points: [
      'Start the title with the brand and the type of item',
      'Give the size and a few measurements',
      'Describe the condition honestly, including wear',
      'Mention the material, the colour and the season',
      'Say what you would love to get in return',
    ],
  },
  {
    icon: Repeat,
    title: 'Trading Tips',
    text: 'Small habits make swaps happen faster.',
    points: [
      'Reply to barter requests quickly, even to decline',
      'Offer items of a similar estimated value',
      'Keep your wishlist up to date to catch new matches',
      'Use Smart Match to find items you are likely to get',
      'Leave a review after every completed trade',
    ],
  },
  {
    icon: ShieldCheck,
    title: 'Safety Tips',
    text: 'Stay safe while you trade.',
    points: [
      'Keep your conversations in the Threadswap chat',
      "Check a trader's ratings and reviews before accepting",
      'Ship with tracking, or meet in a busy public place',
      'Never share passwords or payment details',
      'Inspect an item before you hand yours over in person',
    ],
  },
];

/** Also the Help page's questions. */
export const FAQ: ReadonlyArray<{ question: string; answer: string }> = [
  {
    question: 'Is Threadswap really free?',
    answer:
      'Yes. Threadswap is completely free: there are no fees for listing items or for trading, and no money ever changes hands, because every swap is item for item. The only cost is shipping, and each party pays to send their own item.',
  },
  {
    question: 'How does the AI matching work?',
    answer:
      'Matching is explainable scoring, not a black box. For every possible swap it compares the estimated values (a difference of up to 20% counts as a great match), the category, the sizes and brands you prefer, the condition and what is on your wishlist. Each match shows its score and the reasons behind it, so you decide for yourself.',
  },
  {
    question: 'Is it safe to meet strangers for trades?',
    answer:
      'You never have to meet anyone: most swaps are shipped, with each party sending their own item. If you prefer to swap in person, meet in a busy public place during the day, bring a friend and inspect the item before you hand yours over. Keep your conversations in the Threadswap chat and check ratings and reviews before you accept.',
  },
  {
    question: "What if I'm not happy with a trade?",
    answer:
      'Take your time before you accept: ask questions in the chat, request extra photos and confirm the size and condition. Before anything is sent, either of you can cancel an accepted trade with a reason. If what arrives is not as described, open a dispute from the trade card within the claim window, with photos: a moderator decides, and both of you see their note. Once a trade is completed, your review tells others how it went.',
  },
  {
    question: 'How accurate are the price estimates?',
    answer:
      "Estimated values are set by each item's owner and are a guide to a fair swap, not a price tag. We compare them for you: values within 20% of each other are a great match, and within 10% earn a Fair Trade badge. Brand, condition and demand all change what a piece is worth to someone else, so treat the estimate as the start of the conversation.",
  },
  {
    question: 'Can I trade multiple items at once?',
    answer:
      'Trades are item for item: each barter request offers one of your items for one item you want. To swap several pieces with the same trader, send a separate request for each item; every request is accepted or declined on its own.',
  },
];

const TABS = [
  { value: 'getting-started', label: 'Getting Started', icon: ListChecks },
  { value: 'features', label: 'Key Features', icon: Sparkles },
  { value: 'tips', label: 'Pro Tips', icon: Lightbulb },
  { value: 'faq', label: 'FAQ', icon: CircleQuestionMark },
] as const;

/** /how-it-works (docs/product.md, Screens). */
export function HowItWorksPage() {
  useDocumentMeta('How it works', 'How swapping on Threadswap works: list, match, offer, ship and review.');
  return (
    <>
      <HowItWorksHero />
      <PageContainer className="py-12 sm:py-16">
        <Tabs defaultValue="getting-started">
          <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:grid-cols-4">
            {TABS.map(({ value, label, icon: Icon }) => (
              <TabsTrigger key={value} value={value} className="py-2" data-testid={`tab-${value}`}>
                <Icon aria-hidden="true" />
                {label}
              </TabsTrigger>
            ))}
          </TabsList>

          <TabsContent value="getting-started" className="mt-8">
            <h2 className="sr-only">Getting Started</h2>
            <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {GETTING_STARTED.map(({ icon, title, text }, index) => (
                <li key={title}>
                  <StepCard icon={icon} step={index + 1} title={title} text={text} />
                </li>
              ))}
            </ol>
          </TabsContent>

          <TabsContent value="features" className="mt-8">
            <h2 className="sr-only">Key Features</h2>
            <FeatureGrid features={KEY_FEATURES} />
          </TabsContent>

          <TabsContent value="tips" className="mt-8">
            <h2 className="sr-only">Pro Tips</h2>
            <FeatureGrid features={PRO_TIPS} />
          </TabsContent>

          <TabsContent value="faq" className="mt-8">
            <h2 className="sr-only">Frequently Asked Questions</h2>
            <div className="mx-auto max-w-3xl space-y-4">
              {FAQ.map(({ question, answer }) => (
                <Card key={question}>
                  <CardHeader className="pb-3">
                    <CardTitle className="text-base sm:text-lg">{question}</CardTitle>
                  </CardHeader>
                  <CardContent>
                    <p className="text-muted-foreground">{answer}</p>
                  </CardContent>
                </Card>
              ))}
            </div>
          </TabsContent>
        </Tabs>
      </PageContainer>
      <ClosingCallToAction />
    </>
  );
}

function HowItWorksHero() {
  return (
    <section
      aria-labelledby="how-it-works-title"
      className="border-b bg-gradient-to-br from-secondary via-background to-background"
    >
      <PageContainer className="space-y-6 py-14 text-center sm:py-20">
        <h1
          id="how-it-works-title"
          className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl"
        >
          How <span className="text-primary">Threadswap</span> Works
        </h1>
        <p className="mx-auto max-w-2xl text-lg text-muted-foreground text-balance">
          Swap pre-loved fashion item for item. List what you no longer wear, find pieces you love, and trade
          them with a community that values style over spending.
        </p>
        <ul className="flex flex-wrap justify-center gap-2" aria-label="Highlights">
          <li>
            <Badge variant="secondary" className="px-3 py-1 text-sm">
              <Ban aria-hidden="true" />
              No Money Required
            </Badge>
          </li>
          <li>
            <Badge variant="secondary" className="px-3 py-1 text-sm">
              <Sparkles aria-hidden="true" />
              AI-Powered Matching
            </Badge>
          </li>
          <li>
            <Badge variant="secondary" className="px-3 py-1 text-sm">
              <ShieldCheck aria-hidden="true" />
              Safe &amp; Secure
            </Badge>
          </li>
        </ul>
      </PageContainer>
    </section>
  );
}

function FeatureGrid({ features }: { features: readonly Feature[] }) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {features.map(({ icon: Icon, title, text, points }) => (
        <Card key={title} className="h-full">
          <CardHeader>
            <span className="mb-2 flex size-11 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <CardTitle>{title}</CardTitle>
            <CardDescription className="text-base">{text}</CardDescription>
          </CardHeader>
          <CardContent>
            <CheckList points={points} className="space-y-2.5" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

function ClosingCallToAction() {
  const { isAuthenticated } = useAuth();
  const { openAuthDialog, preloadAuthDialog } = useAuthDialog();

  return (
    <section aria-labelledby="cta-heading" className="pb-16">
      <PageContainer>
        <PrimaryBanner
          as="div"
          className="py-12 text-center sm:px-12 sm:py-16"
          glowClassName="-bottom-20 -left-20 size-72"
          contentClassName="mx-auto max-w-2xl space-y-5"
        >
          <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            Ready to refresh your wardrobe?
          </h2>
          <p className="text-lg text-primary-foreground">
            Join a community that trades style, not money. Your next favourite piece is one swap away.
          </p>
          <div className="flex flex-col justify-center gap-3 pt-2 sm:flex-row">
            {isAuthenticated ? null : (
              <Button
                size="lg"
                variant="secondary"
                onPointerEnter={preloadAuthDialog}
                onFocus={preloadAuthDialog}
                onClick={() => openAuthDialog('register')}
                data-testid="button-sign-up-now"
              >
                Sign Up Now
                <ArrowRight aria-hidden="true" />
              </Button>
            )}
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white/40 bg-transparent text-primary-foreground hover:bg-white/10 hover:text-primary-foreground"
            >
              <Link href="/browse" data-testid="button-cta-browse-items">
                Browse Items
              </Link>
            </Button>
          </div>
        </PrimaryBanner>
      </PageContainer>
    </section>
  );
}
