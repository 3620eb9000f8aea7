import { type DeviceShare, type DeviceTransfer, ERRORS, type ShareLink } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { addDevice, publishedType, signedIn } from '../devices/test-support.ts';
import { MISSING_IDS, SHARING_PROBES, type SharingIds, type SharingProbe } from './isolation-probes.ts';
import { createTemplate, item, SHARE, TRANSFER } from './test-support.ts';

describe('sharing isolation: another account’s ids answer like missing ones', () => {
  let t: TestApp;
  let ids: SharingIds;
  let intruder: Awaited<ReturnType<typeof signedIn>>;
  let ownModel: number;
  let ownDevice: number;

  beforeAll(async () => {
    t = await createTestApp();
    const operator = await login(t.app, 'demo_operator');
    const typeId = (await publishedType(t.app, operator)).type.id;
    const owner = await signedIn(t.app);
    const other = await signedIn(t.app);
    intruder = await signedIn(t.app);
    const device = await addDevice(t.app, owner.token, typeId);
    const transferred = await addDevice(t.app, owner.token, typeId);
    const model = await createTemplate(t.app, owner.token, {
      name: 'Private',
      items: [item('chart', 'block', 1, -1)],
    });
    const share = await call<{ shares: DeviceShare[] }>(t.app, 'POST', `${SHARE}/batchShare`, {
      token: owner.token,
      body: { deviceIds: [device.id], account: other.userName, permissionModelId: model.id },
    });
    const transfer = await call<{ transfers: DeviceTransfer[] }>(t.app, 'POST', `${TRANSFER}/batchTransfer`, {
      token: owner.token,
      body: { deviceIds: [transferred.id], account: other.userName },
    });
    ids = {
      device: device.id,
      share: (share.data.shares[0] as DeviceShare).id,
      transfer: (transfer.data.transfers[0] as DeviceTransfer).id,
      model: model.id,
    };
    ownModel = (await createTemplate(t.app, intruder.token, { name: 'Mine', items: [] })).id;
    ownDevice = (await addDevice(t.app, intruder.token, typeId)).id;
  });
  afterAll(async () => t?.close());

  const ask = (probe: SharingProbe, which: SharingIds, locale = 'en-US'): Promise<Answer> =>
    call(t.app, probe.method, probe.url, {
      token: intruder.token,
      locale,
      ...(probe.body ? { body: probe.body(which) } : {}),
      ...(probe.query ? { query: probe.query(which) } : {}),
    });

  for (const probe of SHARING_PROBES) {
    it(`${probe.name}: refused exactly like a missing id`, async () => {
      const foreign = await ask(probe, ids);
      const missing = await ask(probe, MISSING_IDS);
      expect(foreign.code).not.toBe(0);
      expect([foreign.status, foreign.code, foreign.msg, foreign.data]).toEqual([
        missing.status,
        missing.code,
        missing.msg,
        missing.data,
      ]);
    });
  }

  it('nothing of the owner changed, and the refusals name no owner', async () => {
    const row = await t.app.ctx.db
      .selectFrom('deviceShare')
      .select(['state', 'permissionModelId'])
      .where('id', '=', ids.share)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'pending', permissionModelId: ids.model });
    const transfer = await t.app.ctx.db
      .selectFrom('deviceTransfer')
      .select('state')
      .where('id', '=', ids.transfer)
      .executeTakeFirstOrThrow();
    expect(transfer.state).toBe('pending');
    const model = await t.app.ctx.db
      .selectFrom('permissionModel')
      .select('name')
      .where('id', '=', ids.model)
      .executeTakeFirstOrThrow();
    expect(model.name).toBe('Private');
  });

  it('another account’s template cannot be put on one’s own share or link', async () => {
    const link = await call<ShareLink>(t.app, 'POST', `${SHARE}/createLink`, {
      token: intruder.token,
      body: { deviceIds: [ownDevice], validity: '1d', permissionModelId: ids.model },
    });
    expect(link.code).toBe(ERRORS.permissionModelNotFound.code);
    const mine = await call<ShareLink>(t.app, 'POST', `${SHARE}/createLink`, {
      token: intruder.token,
      body: { deviceIds: [ownDevice], validity: '1d', permissionModelId: ownModel },
    });
    expect(mine.code).toBe(0);
  });

  it('the shares and transfers pages show only the caller’s own', async () => {
    for (const side of ['sharer', 'recipient']) {
      const page = await call<{ totalCount: number }>(t.app, 'POST', `${SHARE}/page`, {
        token: intruder.token,
        body: { side },
      });
      expect(page.data.totalCount).toBe(0);
    }
    for (const side of ['outgoing', 'incoming']) {
      const page = await call<{ totalCount: number }>(t.app, 'POST', `${TRANSFER}/page`, {
        token: intruder.token,
        body: { side },
      });
      expect(page.data.totalCount).toBe(0);
    }
    const pending = await call<{ shares: unknown[]; transfers: unknown[] }>(
      t.app,
      'GET',
      `${SHARE}/pendingRequests`,
      {
        token: intruder.token,
      },
    );
    expect(pending.data).toEqual({ shares: [], transfers: [] });
  });
});
