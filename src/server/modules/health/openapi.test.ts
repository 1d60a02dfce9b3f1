import { expect, it } from 'vitest';
import { useTestApp } from '../../test-support/test-app';

const t = useTestApp();

it('publishes an OpenAPI document generated from the zod contract', async () => {
  const document = (await t.visitor().get('/api/openapi.json')).json();
  expect(document.openapi).toMatch(/^3\./);
  expect(document.paths['/api/items'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
    expect.arrayContaining(['category', 'search', 'sortBy', 'limit', 'offset']),
  );
  expect(document.paths['/api/auth/register'].post.requestBody).toBeDefined();
});
