import {
  ERRORS,
  type PageResponse,
  type Param,
  type PermissionCatalogue,
  type PermissionModel,
  paramPermissionCode,
} from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { publishedType, signedIn } from '../devices/test-support.ts';
import { createTemplate, item, MODEL } from '../sharing/test-support.ts';

describe('permission templates', () => {
  let t: TestApp;
  let typeId: number;
  let params: Param[];
  let owner: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    t = await createTestApp();
    const operator = await login(t.app, 'demo_operator');
    const type = await publishedType(t.app, operator, { probes: 2 });
    typeId = type.type.id;
    params = type.params;
    owner = await signedIn(t.app);
  });
  afterAll(async () => t?.close());

  it('lists what a template can govern: blocks, buttons, settings and the probe parameters of the type', async () => {
    const catalogue = await call<PermissionCatalogue>(t.app, 'GET', `${MODEL}/catalogue`, {
      token: owner.token,
      query: { deviceTypeId: String(typeId) },
    });
    const codes = catalogue.data.items.map((i) => `${i.kind}:${i.permissionCode}`);
    expect(codes).toContain('block:params');
    expect(codes).toContain('button:export');
    expect(codes).toContain('param:timeZone');
    for (const p of params) expect(codes).toContain(`param:${paramPermissionCode(p.id)}`);
    expect(
      catalogue.data.items.find((i) => i.permissionCode === paramPermissionCode((params[0] as Param).id))
        ?.label,
    ).toBe('Temperature 1');
  });

  it('creates, lists, updates and deletes a template, normalising blocks and operable items', async () => {
    const created = await createTemplate(t.app, owner.token, {
      name: 'Viewers',
      deviceTypeId: typeId,
      items: [item('chart', 'block', 1, 1), item('recordInterval', 'param', 0, 1)],
    });
    // A block has no operable flag; an operable item is visible.
    expect(created.items).toEqual([item('chart', 'block', 1, -1), item('recordInterval', 'param', 1, 1)]);
    expect(created.typeName).toBeTruthy();
    const page = await call<PageResponse<PermissionModel>>(t.app, 'POST', `${MODEL}/page`, {
      token: owner.token,
      body: { name: 'View' },
    });
    expect(page.data.data.map((m) => m.id)).toEqual([created.id]);
    const updated = await call<PermissionModel>(t.app, 'PUT', `${MODEL}/update`, {
      token: owner.token,
      body: { id: created.id, name: 'Readers', deviceTypeId: null, items: [item('export', 'button', 1, 1)] },
    });
    expect(updated.data).toMatchObject({ name: 'Readers', deviceTypeId: null, usedBy: 0 });
    const removed = await call(t.app, 'DELETE', `${MODEL}/delete`, {
      token: owner.token,
      query: { id: String(created.id) },
    });
    expect(removed.code).toBe(0);
    const gone = await call(t.app, 'GET', `${MODEL}/detail`, {
      token: owner.token,
      query: { id: String(created.id) },
    });
    expect(gone.code).toBe(ERRORS.permissionModelNotFound.code);
  });

  it('refuses names over 10 characters, unknown items, wrong kinds and duplicates, naming the field', async () => {
    const cases = [
      { name: 'Eleven char', items: [] },
      { name: 'Bad', deviceTypeId: typeId, items: [item('param.999999', 'param', 1, 1)] },
      { name: 'Bad', items: [item('chart', 'button', 1, 1)] },
      { name: 'Bad', items: [item('chart', 'block', 1, -1), item('chart', 'block', 0, -1)] },
      { name: 'Bad', items: [{ permissionCode: 'chart', kind: 'block', viewStatus: 2, setStatus: -1 }] },
    ];
    for (const body of cases) {
      const answer = await call(t.app, 'POST', `${MODEL}/insert`, {
        token: owner.token,
        locale: 'en-US',
        body,
      });
      expect(answer.code).toBe(ERRORS.validation.code);
    }
    const long = await call(t.app, 'POST', `${MODEL}/insert`, {
      token: owner.token,
      locale: 'en-US',
      body: { name: 'Eleven char', items: [] },
    });
    expect(long.msg).toContain('Name');
    const unknownType = await call(t.app, 'POST', `${MODEL}/insert`, {
      token: owner.token,
      body: { name: 'Bad', deviceTypeId: 999_999, items: [] },
    });
    expect(unknownType.code).toBe(ERRORS.validation.code);
  });
});
