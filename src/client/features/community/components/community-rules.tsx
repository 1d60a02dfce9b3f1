import type { ComponentPropsWithoutRef } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { useTranslation } from 'react-i18next';
import { useCommunity } from '@client/lib/community';

/*
 * The community's rules, as its admins wrote them: Markdown (CommonMark, through react-markdown),
 * rendered as React elements. Nothing in them is ever read as HTML: raw HTML is dropped
 * (`skipHtml`), link addresses other than http(s), mailto and relative ones are emptied
 * (react-markdown's default urlTransform), and images are left out (no tracking pixel in a
 * page everyone reads). Headings start one level below the section's own heading.
 */

const heading =
  (Tag: 'h3' | 'h4') =>
  ({ node: _node, ...props }: ComponentPropsWithoutRef<'h3'> & { node?: unknown }) => (
    <Tag
      className={Tag === 'h3' ? 'mt-4 text-base font-semibold' : 'mt-3 text-sm font-semibold'}
      {...props}
    />
  );

const components: Components = {
  h1: heading('h3'),
  h2: heading('h3'),
  h3: heading('h4'),
  h4: heading('h4'),
  h5: heading('h4'),
  h6: heading('h4'),
  p: ({ node: _node, ...props }) => <p className="mt-2" {...props} />,
  ul: ({ node: _node, ...props }) => <ul className="mt-2 list-disc space-y-1 pl-6" {...props} />,
  ol: ({ node: _node, ...props }) => <ol className="mt-2 list-decimal space-y-1 pl-6" {...props} />,
  a: ({ node: _node, href, ...props }) => (
    <a
      href={href}
      className="text-primary underline underline-offset-2"
      rel="noopener noreferrer nofollow"
      {...props}
    />
  ),
  blockquote: ({ node: _node, ...props }) => (
    <blockquote className="mt-2 border-l-2 border-border pl-3 text-muted-foreground" {...props} />
  ),
  code: ({ node: _node, ...props }) => <code className="rounded bg-muted px-1 text-[0.9em]" {...props} />,
};

export function CommunityRulesText({ rules }: { rules: string }) {
  return (
    <div data-testid="text-community-rules">
      <Markdown skipHtml disallowedElements={['img']} components={components}>
        {rules}
      </Markdown>
    </div>
  );
}

/**
 * The rules as a section of an information page (Terms, Help), anchored at #community-rules (the
 * sign-up form links there); null while the community has none.
 */
export function useCommunityRulesSection(): { id: string; title: string; body: React.ReactNode } | null {
  const { t } = useTranslation('community');
  const community = useCommunity();
  const rules = community?.rules.trim();
  if (!community || !rules) return null;
  return {
    id: 'community-rules',
    title: t('rules.title', { name: community.name }),
    body: <CommunityRulesText rules={rules} />,
  };
}
