import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { multipart, pngImage } from '../../test-support/fixtures';
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

describe('PATCH /api/users/profile', () => {
  it('refuses a visitor', async () => {
    expect((await t.visitor().patch('/api/users/profile', { firstName: 'Eve' })).statusCode).toBe(401);
  });

  it('changes the member’s own name and location, and nobody else’s', async () => {
    const member = await t.member();
    const other = await t.member({ firstName: 'Other' });
    const response = await member.patch('/api/users/profile', {
      firstName: '  Jane ',
      lastName: 'Doe',
      location: ' Leeds, UK ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Jane', lastName: 'Doe', location: 'Leeds, UK' });
    expect((await member.get('/api/auth/user')).json()).toMatchObject({
      firstName: 'Jane',
      location: 'Leeds, UK',
    });
    expect((await other.get('/api/auth/user')).json()).toMatchObject({ firstName: 'Other', location: null });

    const cleared = await member.patch('/api/users/profile', {
      firstName: 'Jane',
      lastName: '',
      location: '',
    });
    expect(cleared.json()).toMatchObject({ lastName: null, location: null });
    // A field not sent is kept.
    await member.patch('/api/users/profile', { firstName: 'Jane', location: 'York' });
    expect((await member.patch('/api/users/profile', { firstName: 'Janet' })).json()).toMatchObject({
      firstName: 'Janet',
      location: 'York',
    });
  });

  it.each([
    ['no first name', { firstName: '   ' }],
    ['a NUL byte', { firstName: 'Ja\u0000ne' }],
    ['a lone surrogate', { firstName: 'Jane', location: 'Leeds \uD800' }],
    ['100 KB of name', { firstName: 'x'.repeat(100_000) }],
    ['100 KB of location', { firstName: 'Jane', location: 'x'.repeat(100_000) }],
    ['someone else’s id', { firstName: 'Jane', userId: '00000000-0000-4000-8000-000000000000' }],
    ['a number for a name', { firstName: 42 }],
  ])('refuses %s with a clear 400 and changes nothing', async (_label, body) => {
    const member = await t.member({ firstName: 'Before' });
    const response = await member.patch('/api/users/profile', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/\w/);
    expect((await member.get('/api/auth/user')).json()).toMatchObject({
      firstName: 'Before',
      location: null,
    });
  });
});

describe('the profile photo', () => {
  it('refuses a visitor', async () => {
    const { payload, headers } = multipart(await pngImage());
    expect((await t.visitor().put('/api/users/profile/photo', payload, headers)).statusCode).toBe(401);
    expect((await t.visitor().delete('/api/users/profile/photo')).statusCode).toBe(401);
  });

  it('is cropped square, shown as the member’s photo, and removed again', async () => {
    const member = await t.member();
    const other = await t.member();
    const { payload, headers } = multipart(await pngImage(900, 300));
    const response = await member.put('/api/users/profile/photo', payload, headers);
    expect(response.statusCode).toBe(200);
    const url: string = response.json().profileImageUrl;
    expect(url).toMatch(/^\/images\/[0-9a-f-]{36}$/);
    expect((await member.get('/api/auth/user')).json().profileImageUrl).toBe(url);
    expect((await other.get('/api/auth/user')).json().profileImageUrl).toBeNull();

    const full = await sharp((await t.visitor().get(url)).rawPayload).metadata();
    expect([full.format, full.width, full.height]).toEqual(['webp', 512, 512]);
    const thumb = await sharp((await t.visitor().get(`${url}?w=400`)).rawPayload).metadata();
    expect([thumb.width, thumb.height]).toEqual([256, 256]);

    const removed = await member.delete('/api/users/profile/photo');
    expect(removed.statusCode).toBe(200);
    expect(removed.json().profileImageUrl).toBeNull();
  });

  it('refuses a file that is not an image and keeps the photo there was', async () => {
    const member = await t.member();
    const { payload, headers } = multipart(Buffer.from('not an image at all'), 'file', 'x.png');
    const response = await member.put('/api/users/profile/photo', payload, headers);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/not a supported image/);
    expect((await member.get('/api/auth/user')).json().profileImageUrl).toBeNull();
  });
});
