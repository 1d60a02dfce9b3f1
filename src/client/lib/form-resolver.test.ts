import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accountDeletionInput } from '@common/api/safety';
import en from '@common/i18n/locales/en/errors.json';
import fr from '@common/i18n/locales/fr/errors.json';
import { i18n } from '@client/i18n';
import { localizedResolver } from './form-resolver';

beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    fallbackLng: false,
    resources: { en: { errors: en }, fr: { errors: fr } },
    interpolation: { escapeValue: false },
  });
});

afterEach(async () => {
  await i18n.changeLanguage('en');
});

/** What react-hook-form passes a resolver; these forms use none of it. */
function options<T extends FieldValues>(): ResolverOptions<T> {
  return { fields: {}, shouldUseNativeValidation: false };
}

describe('localizedResolver', () => {
  const title = z.object({
    title: z.string().trim().min(3, { message: 'Title must be at least 3 characters' }),
    kind: z.enum(['a', 'b'], { message: 'The form’s own text' }),
  });

  it("keeps the contract's English messages for an English member", async () => {
    const result = await localizedResolver(accountDeletionInput)({ password: '' }, undefined, options());
    expect(result.errors.password?.message).toBe('Password is required');
  });

  it('shows a French member the French text of each size check, with its params', async () => {
    await i18n.changeLanguage('fr');
    const deletion = await localizedResolver(accountDeletionInput)({ password: '' }, undefined, options());
    expect(deletion.errors.password?.message).toBe('Obligatoire');
    const result = await localizedResolver(title)({ title: 'ab', kind: 'c' as 'a' }, undefined, options());
    expect(result.errors.title?.message).toBe('Au moins 3 caractères');
    expect(result.errors.kind?.message).toBe('The form’s own text');
  });
});
