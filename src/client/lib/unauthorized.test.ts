import { describe, expect, it, vi } from 'vitest';

vi.mock('@client/components/ui/use-toast', () => ({ toast: vi.fn() }));
vi.mock('@client/i18n', () => ({ i18n: { t: (key: string) => key } }));

const { signInAgainUrl } = await import('./unauthorized');

describe('signing in again after the session ended elsewhere', () => {
  it('comes back to the same page, its query and hash kept, with the dialog saying why', () => {
    expect(signInAgainUrl({ pathname: '/profile', search: '?tab=barters', hash: '#trade-1' })).toBe(
      '/profile?tab=barters&auth=login&signed-out=1#trade-1',
    );
    expect(signInAgainUrl({ pathname: '/rings', search: '', hash: '' })).toBe(
      '/rings?auth=login&signed-out=1',
    );
  });
});
