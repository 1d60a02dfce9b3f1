import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_COMMUNITY } from '@common/api/community';
import { setServerTexts, takeMissingTexts } from '@client/i18n/server';
import { catalogue } from '@client/test-support/catalogue';
import { COMMUNITY_URL } from '@client/lib/community';
import { RegisterForm } from './register-form';

/*
 * The sign-up form links to the community's rules (/terms#community-rules) only when the community
 * has rules: the Terms page shows the section only then, so the link would lead nowhere.
 */

function render(rules: string): string {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData([COMMUNITY_URL], { ...DEFAULT_COMMUNITY, rules, updatedAt: new Date().toISOString() });
  const html = renderToString(
    <QueryClientProvider client={client}>
      <RegisterForm visibility={{ shown: false, toggle: () => undefined }} onSignedIn={() => undefined} />
    </QueryClientProvider>,
  );
  expect(takeMissingTexts()).toEqual([]);
  return html;
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new Error('no network in the form tests'))),
  );
  setServerTexts('en', catalogue('en'));
});

describe('RegisterForm: the community rules link', () => {
  it('shows when the community has rules', () => {
    expect(render('# Be kind\n\nNo counterfeits.')).toContain('href="/terms#community-rules"');
  });

  it('is hidden when the community has none (or only blank space)', () => {
    expect(render('')).not.toContain('community-rules');
    expect(render('  \n ')).not.toContain('community-rules');
  });
});
