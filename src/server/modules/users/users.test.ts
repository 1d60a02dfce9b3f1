import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-support/test-app';

const t = useTestApp();

describe('PATCH /api/users/preferences', () => {
  it('refuses a visitor', async () => {
    expect((await t.visitor().patch('/api/users/preferences', { bio: 'hi' })).statusCode).toBe(401);
  });

  it('saves the member’s own bio, categories and sizes per category', async () => {
    const member = await t.member();
    const other = await t.member();
    const response = await member.patch('/api/users/preferences', {
      bio: '  Vintage lover  ',
      preferredCategories: ['Tops', 'Shoes', 'Tops'],
      preferredSizes: { Tops: ['M', 'M', 'L'], Shoes: ['8.5'] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      bio: 'Vintage lover',
      preferredCategories: ['Tops', 'Shoes'],
      preferredSizes: { Tops: ['M', 'L'], Shoes: ['8.5'] },
    });
    expect((await member.get('/api/auth/user')).json().bio).toBe('Vintage lover');
    expect((await other.get('/api/auth/user')).json().bio).toBeNull();
  });

  it.each([
    [{ preferredCategories: ['Capes'] }],
    [{ preferredSizes: { Capes: ['M'] } }],
    [{ bio: 'x'.repeat(501) }],
    [{ userId: 'someone-else' }],
  ])('refuses %j with 400', async (body) => {
    const member = await t.member();
    expect((await member.patch('/api/users/preferences', body)).statusCode).toBe(400);
  });
});
