import {
  type AssignableRole,
  type DeviceRow,
  ERRORS,
  type Invitation,
  type Member,
  type Organization,
  type OrganizationNode,
  type PageResponse,
} from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { lastSms, startSmtp, type TestSmtp } from '../accounts/test-support.ts';
import { addDevice, publishedType, signedIn } from '../devices/test-support.ts';
import { createTemplate } from '../sharing/test-support.ts';

const ORG = '/api/base/BaseOrganization';
const ACCOUNT = '/api/base/BaseAccount';
const ROLE = '/api/base/BaseRole';

type Caller = { id: number; userName: string; token: string };

describe('organizations, members and invitations', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let creator: Caller;
  let typeId: number;
  let roles: AssignableRole[];
  let counter = 0;

  const unique = (prefix: string) => {
    counter += 1;
    return `${prefix}${process.pid}x${counter}`;
  };
  const enterprise = (extra: { email?: string; phone?: string } = {}) =>
    signedIn(t.app, { roleCode: 'enterpriseAdmin', ...extra });
  const createOrg = async (token: string, name: string, parentId?: number) => {
    const answer = await call<Organization>(t.app, 'POST', `${ORG}/insert`, {
      token,
      body: { name, ...(parentId ? { parentId } : {}) },
      locale: 'en-US',
    });
    if (answer.code !== 0) throw new Error(answer.msg);
    return answer.data;
  };
  const members = async (token: string, organizationId: number) =>
    (
      await call<PageResponse<Member>>(t.app, 'POST', `${ACCOUNT}/getAccountList/page`, {
        token,
        body: { organizationId, start: 1, pageSize: 50 },
      })
    ).data;
  const myInvitations = async (token: string) =>
    (await call<Invitation[]>(t.app, 'GET', `${ORG}/myInvitations`, { token })).data;
  const roleId = (code: string) => roles.find((r) => r.code === code)?.id as number;
  /** Invites by e-mail and accepts as the invitee. */
  const join = async (orgId: number, who: Caller & { email: string }, by: Caller, role?: string) => {
    const invited = await call(t.app, 'POST', `${ACCOUNT}/invite`, {
      token: by.token,
      body: { organizationId: orgId, email: who.email, ...(role ? { roleId: roleId(role) } : {}) },
    });
    expect(invited.code, invited.msg).toBe(0);
    const [pending] = (await myInvitations(who.token)).filter((i) => i.organizationId === orgId);
    const accepted = await call(t.app, 'PUT', `${ORG}/acceptInvitation`, {
      token: who.token,
      body: { id: pending?.id },
    });
    expect(accepted.code, accepted.msg).toBe(0);
  };
  const withEmail = async () => {
    const email = `${unique('m')}@example.com`;
    return { ...(await enterprise({ email })), email };
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://cold.example.com' } });
    const operator = await login(t.app, 'demo_operator');
    typeId = (await publishedType(t.app, operator)).type.id;
    creator = await enterprise();
    roles = (await call<AssignableRole[]>(t.app, 'GET', `${ORG}/roles`, { token: creator.token })).data;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('offers the organization roles to hold', () => {
    expect(roles.map((r) => r.code)).toEqual(
      expect.arrayContaining(['enterpriseAdmin', 'organizationMember']),
    );
  });

  it('creates a tree of organizations with names of 2-50 characters, at most five levels deep', async () => {
    for (const name of ['A', 'x'.repeat(51)]) {
      const refused = await call(t.app, 'POST', `${ORG}/insert`, {
        token: creator.token,
        body: { name },
        locale: 'en-US',
      });
      expect(refused.code).toBe(1001);
      expect(refused.msg).toMatch(/^Name: must be (at least 2|at most 50) characters$/);
    }
    const root = await createOrg(creator.token, 'Cold Holdings');
    expect(root).toMatchObject({ isCreator: true, canManage: true, memberCount: 1, parentId: null });
    let parent = root.id;
    for (let level = 2; level <= 5; level += 1)
      parent = (await createOrg(creator.token, `Level ${level}`, parent)).id;
    const tooDeep = await call(t.app, 'POST', `${ORG}/insert`, {
      token: creator.token,
      body: { name: 'Level 6', parentId: parent },
      locale: 'en-US',
    });
    expect(tooDeep.msg).toBe('Organizations can be nested at most 5 levels deep');

    const tree = (await call<OrganizationNode[]>(t.app, 'POST', `${ORG}/list`, { token: creator.token }))
      .data;
    const node = tree.find((n) => n.id === root.id);
    const depth = (n: OrganizationNode | undefined): number => (n ? 1 + depth(n.children[0]) : 0);
    expect(depth(node)).toBe(5);
    const stranger = await enterprise();
    expect(
      (await call<OrganizationNode[]>(t.app, 'POST', `${ORG}/list`, { token: stranger.token })).data,
    ).toEqual([]);
  });

  it('renames, and deletes only leaves and only as the creator', async () => {
    const root = await createOrg(creator.token, 'Renamed Co');
    const child = await createOrg(creator.token, 'Branch', root.id);
    expect(
      (
        await call(t.app, 'PUT', `${ORG}/update`, {
          token: creator.token,
          body: { id: root.id, name: 'Renamed Ltd' },
        })
      ).code,
    ).toBe(0);
    const detail = await call<Organization>(t.app, 'GET', `${ORG}/detail`, {
      token: creator.token,
      query: { id: String(root.id) },
    });
    expect(detail.data.name).toBe('Renamed Ltd');
    const blocked = await call(t.app, 'DELETE', `${ORG}/delete`, {
      token: creator.token,
      query: { id: String(root.id) },
      locale: 'en-US',
    });
    expect(blocked.msg).toBe('Delete the sub-organizations first');
    const admin = await withEmail();
    await join(root.id, admin, creator, 'enterpriseAdmin');
    const notCreator = await call(t.app, 'DELETE', `${ORG}/delete`, {
      token: admin.token,
      query: { id: String(child.id) },
      locale: 'en-US',
    });
    expect(notCreator.msg).toBe('Only the creator of the organization may do this');
    for (const id of [child.id, root.id])
      expect(
        (await call(t.app, 'DELETE', `${ORG}/delete`, { token: creator.token, query: { id: String(id) } }))
          .code,
      ).toBe(0);
    expect(
      await t.app.ctx.db.selectFrom('organization').select('id').where('id', '=', root.id).execute(),
    ).toEqual([]);
  });

  it('invites a registered user by e-mail; the member exists only after acceptance', async () => {
    const org = await createOrg(creator.token, 'Invite Co');
    const invitee = await withEmail();
    const invited = await call<{ invitationId: number; registered: boolean; notified: boolean }>(
      t.app,
      'POST',
      `${ACCOUNT}/invite`,
      {
        token: creator.token,
        body: { organizationId: org.id, email: invitee.email.toUpperCase() },
        locale: 'en-US',
      },
    );
    expect(invited.data).toMatchObject({ registered: true, notified: true });
    const mail = smtp.lastTo(invitee.email);
    expect(mail?.subject).toBe(`${creator.userName} invited you to join Invite Co`);
    expect(mail?.text).toContain('Sign in to the console');
    expect((await members(creator.token, org.id)).data.map((m) => m.accountId)).toEqual([creator.id]);
    const again = await call(t.app, 'POST', `${ACCOUNT}/invite`, {
      token: creator.token,
      body: { organizationId: org.id, email: invitee.email },
      locale: 'en-US',
    });
    expect(again.msg).toBe('An invitation to this user is already waiting for an answer');

    const pending = (
      await call<Invitation[]>(t.app, 'GET', `${ORG}/invitationList`, {
        token: creator.token,
        query: { organizationId: String(org.id) },
      })
    ).data;
    expect(pending).toHaveLength(1);
    expect(pending[0]?.contact).toMatch(/^m\*\*\*@example\.com$/);

    const mine = await myInvitations(invitee.token);
    expect(mine.map((i) => [i.organizationName, i.inviterName, i.state])).toEqual([
      ['Invite Co', creator.userName, 'pending'],
    ]);
    expect(
      (
        await call(t.app, 'PUT', `${ORG}/acceptInvitation`, {
          token: invitee.token,
          body: { id: mine[0]?.id },
        })
      ).code,
    ).toBe(0);
    const list = (await members(creator.token, org.id)).data;
    expect(list.map((m) => [m.accountId, m.roleName, m.isCreator])).toEqual([
      [creator.id, '企业管理员', true],
      [invitee.id, expect.any(String), false],
    ]);
    expect(list[1]?.email).toBe('m***@example.com');
    expect(await myInvitations(invitee.token)).toEqual([]);
    const twice = await call(t.app, 'POST', `${ACCOUNT}/invite`, {
      token: creator.token,
      body: { organizationId: org.id, email: invitee.email },
      locale: 'en-US',
    });
    expect(twice.msg).toBe('This user is already a member of the organization');
    const self = await call(t.app, 'POST', `${ACCOUNT}/organizationAddUser`, {
      token: creator.token,
      body: { organizationId: org.id, accountId: creator.id },
      locale: 'en-US',
    });
    expect(self.msg).toBe('You cannot invite yourself');
    const both = await call(t.app, 'POST', `${ACCOUNT}/invite`, {
      token: creator.token,
      body: { organizationId: org.id, email: 'a@example.com', phone: '13800000000' },
      locale: 'en-US',
    });
    expect(both.code).toBe(1001);
  });

  it('invites unregistered people to register; the invitation waits for the account with that contact', async () => {
    const org = await createOrg(creator.token, 'Newcomers');
    const email = `${unique('new')}@example.com`;
    const phone = `139${String(process.pid % 10_000).padStart(4, '0')}${String(counter).padStart(4, '0')}`;
    const byMail = await call<{ registered: boolean }>(t.app, 'POST', `${ACCOUNT}/invite`, {
      token: creator.token,
      body: { organizationId: org.id, email },
      locale: 'en-US',
    });
    expect(byMail.data.registered).toBe(false);
    expect(smtp.lastTo(email)?.text).toContain('Register with this e-mail address');
    expect(smtp.lastTo(email)?.text).toContain('https://cold.example.com');
    const byPhone = await call<{ registered: boolean }>(t.app, 'POST', `${ACCOUNT}/invite`, {
      token: creator.token,
      body: { organizationId: org.id, phone },
      locale: 'en-US',
    });
    expect(byPhone.data.registered).toBe(false);
    expect(await lastSms(t.app, phone)).toContain('Register with this number to accept');

    const registered = await signedIn(t.app, { email, phone });
    const mine = await myInvitations(registered.token);
    expect(mine).toHaveLength(2);
    expect(
      (
        await call(t.app, 'PUT', `${ORG}/acceptInvitation`, {
          token: registered.token,
          body: { id: mine[0]?.id },
        })
      ).code,
    ).toBe(0);
    // The second invitation to the same person stays answerable and changes nothing once a member.
    expect(
      (
        await call(t.app, 'PUT', `${ORG}/acceptInvitation`, {
          token: registered.token,
          body: { id: mine[1]?.id },
        })
      ).code,
    ).toBe(0);
    expect((await members(creator.token, org.id)).data.map((m) => m.accountId)).toEqual([
      creator.id,
      registered.id,
    ]);
  });

  it('adds an account found by lookup as an invitation, which the invitee may decline; the inviter may cancel', async () => {
    const org = await createOrg(creator.token, 'Lookup Co');
    const found = await withEmail();
    const lookup = await call<{ id: number }>(t.app, 'GET', `${ACCOUNT}/getAccountInfoByEamil`, {
      token: creator.token,
      query: { email: found.email },
    });
    const template = await createTemplate(t.app, creator.token, { name: 'Lookup', items: [] });
    const added = await call(t.app, 'POST', `${ACCOUNT}/organizationAddUser`, {
      token: creator.token,
      body: { organizationId: org.id, accountId: lookup.data.id, permissionModelId: template.id },
    });
    expect(added.code, added.msg).toBe(0);
    const [invitation] = await myInvitations(found.token);
    expect(
      (
        await call(t.app, 'PUT', `${ORG}/declineInvitation`, {
          token: found.token,
          body: { id: invitation?.id },
        })
      ).code,
    ).toBe(0);
    expect(await myInvitations(found.token)).toEqual([]);
    const again = await call<{ invitationId: number }>(t.app, 'POST', `${ACCOUNT}/organizationAddUser`, {
      token: creator.token,
      body: { organizationId: org.id, accountId: found.id },
    });
    expect(
      (
        await call(t.app, 'DELETE', `${ORG}/cancelInvitation`, {
          token: creator.token,
          query: { id: String(again.data.invitationId) },
        })
      ).code,
    ).toBe(0);
    const accept = await call(t.app, 'PUT', `${ORG}/acceptInvitation`, {
      token: found.token,
      body: { id: again.data.invitationId },
      locale: 'en-US',
    });
    expect(accept.msg).toBe('Invitation not found');
    expect((await members(creator.token, org.id)).totalCount).toBe(1);
  });

  it('keeps the invitation’s permission template on the member row; only the inviter’s own templates', async () => {
    const org = await createOrg(creator.token, 'Template Co');
    const member = await withEmail();
    const foreign = await createTemplate(t.app, member.token, { name: 'Theirs', items: [] });
    const refused = await call(t.app, 'POST', `${ACCOUNT}/invite`, {
      token: creator.token,
      body: { organizationId: org.id, email: member.email, permissionModelId: foreign.id },
    });
    expect(refused.code).toBe(ERRORS.validation.code);
    expect(await myInvitations(member.token)).toEqual([]);
    const template = await createTemplate(t.app, creator.token, { name: 'Read only', items: [] });
    await call(t.app, 'POST', `${ACCOUNT}/invite`, {
      token: creator.token,
      body: { organizationId: org.id, email: member.email, permissionModelId: template.id },
    });
    const [pending] = await myInvitations(member.token);
    await call(t.app, 'PUT', `${ORG}/acceptInvitation`, { token: member.token, body: { id: pending?.id } });
    const row = await t.app.ctx.db
      .selectFrom('organizationMember')
      .selectAll()
      .where('organizationId', '=', org.id)
      .where('accountId', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.permissionModelId).toBe(template.id);
  });

  it('lets the role held decide who manages: members read, administrators manage', async () => {
    const org = await createOrg(creator.token, 'Roles Co');
    const member = await withEmail();
    await join(org.id, member, creator);
    const rename = () =>
      call(t.app, 'PUT', `${ORG}/update`, {
        token: member.token,
        body: { id: org.id, name: 'Taken over' },
        locale: 'en-US',
      });
    expect((await rename()).msg).toBe('Only those who manage the organization may do this');
    const detail = await call<Organization>(t.app, 'GET', `${ORG}/detail`, {
      token: member.token,
      query: { id: String(org.id) },
    });
    expect(detail.data).toMatchObject({ canManage: false, isCreator: false });
    const invalid = await call(t.app, 'PUT', `${ROLE}/updateRoleInOrganization`, {
      token: creator.token,
      body: { organizationId: org.id, accountId: member.id, roleId: 999_999 },
      locale: 'en-US',
    });
    expect(invalid.code).toBe(1001);
    const promoted = await call(t.app, 'PUT', `${ROLE}/updateRoleInOrganization`, {
      token: creator.token,
      body: { organizationId: org.id, accountId: member.id, roleId: roleId('enterpriseAdmin') },
    });
    expect(promoted.code, promoted.msg).toBe(0);
    expect((await rename()).code).toBe(0);
    // Management reaches the sub-organizations created below.
    const child = await createOrg(member.token, 'Sub by admin', org.id);
    const tree = (await call<OrganizationNode[]>(t.app, 'POST', `${ORG}/list`, { token: creator.token }))
      .data;
    expect(tree.find((n) => n.id === org.id)?.children.map((c) => [c.id, c.canManage])).toEqual([
      [child.id, true],
    ]);
  });

  it('moves a member to another organization and changes the template with updateAccountOrganizationRel', async () => {
    const org = await createOrg(creator.token, 'Move Co');
    const child = await createOrg(creator.token, 'Move Branch', org.id);
    const member = await withEmail();
    await join(org.id, member, creator);
    const template = await createTemplate(t.app, creator.token, { name: 'Branch', items: [] });
    const moved = await call(t.app, 'PUT', `${ACCOUNT}/updateAccountOrganizationRel`, {
      token: creator.token,
      body: {
        organizationId: org.id,
        accountId: member.id,
        targetOrganizationId: child.id,
        permissionModelId: template.id,
      },
    });
    expect(moved.code, moved.msg).toBe(0);
    expect((await members(creator.token, org.id)).data.map((m) => m.accountId)).toEqual([creator.id]);
    const inChild = (await members(creator.token, child.id)).data;
    expect(inChild.map((m) => [m.accountId, m.permissionModelId])).toEqual([
      [creator.id, null],
      [member.id, template.id],
    ]);
    const creatorMove = await call(t.app, 'PUT', `${ACCOUNT}/updateAccountOrganizationRel`, {
      token: creator.token,
      body: { organizationId: org.id, accountId: creator.id, targetOrganizationId: child.id },
      locale: 'en-US',
    });
    expect(creatorMove.msg).toBe('The creator cannot leave the organization; transfer it first');
  });

  it('removes members, lets a member leave, and never removes the creator', async () => {
    const org = await createOrg(creator.token, 'Remove Co');
    const [a, b] = [await withEmail(), await withEmail()];
    await join(org.id, a, creator);
    await join(org.id, b, creator);
    const byMember = await call(t.app, 'DELETE', `${ACCOUNT}/deleteInOrganization`, {
      token: a.token,
      query: { organizationId: String(org.id), accountId: String(b.id) },
      locale: 'en-US',
    });
    expect(byMember.msg).toBe('Only those who manage the organization may do this');
    const leave = await call(t.app, 'DELETE', `${ACCOUNT}/deleteInOrganization`, {
      token: a.token,
      query: { organizationId: String(org.id), accountId: String(a.id) },
    });
    expect(leave.code).toBe(0);
    const removed = await call(t.app, 'DELETE', `${ACCOUNT}/deleteInOrganization`, {
      token: creator.token,
      query: { organizationId: String(org.id), accountId: String(b.id) },
    });
    expect(removed.code).toBe(0);
    const creatorOut = await call(t.app, 'DELETE', `${ACCOUNT}/deleteInOrganization`, {
      token: creator.token,
      query: { organizationId: String(org.id), accountId: String(creator.id) },
      locale: 'en-US',
    });
    expect(creatorOut.msg).toBe('The creator cannot leave the organization; transfer it first');
    expect((await members(creator.token, org.id)).data.map((m) => m.accountId)).toEqual([creator.id]);
  });

  it('transfers the organization identity only from its creator and only to a member', async () => {
    const owner = await enterprise();
    const org = await createOrg(owner.token, 'Transfer Co');
    const [admin, outsider] = [await withEmail(), await withEmail()];
    await join(org.id, admin, owner, 'enterpriseAdmin');
    const byAdmin = await call(t.app, 'PUT', `${ORG}/transfer`, {
      token: admin.token,
      body: { id: org.id, accountId: admin.id },
      locale: 'en-US',
    });
    expect(byAdmin.msg).toBe('Only the creator of the organization may do this');
    const toOutsider = await call(t.app, 'PUT', `${ORG}/transfer`, {
      token: owner.token,
      body: { id: org.id, accountId: outsider.id },
      locale: 'en-US',
    });
    expect(toOutsider.msg).toBe('The organization can only be transferred to one of its members');
    expect(
      (
        await call(t.app, 'PUT', `${ORG}/transfer`, {
          token: owner.token,
          body: { id: org.id, accountId: admin.id },
        })
      ).code,
    ).toBe(0);
    const seen = await call<Organization>(t.app, 'GET', `${ORG}/detail`, {
      token: admin.token,
      query: { id: String(org.id) },
    });
    expect(seen.data).toMatchObject({ isCreator: true, creatorAccountId: admin.id });
    const back = await call(t.app, 'PUT', `${ORG}/transfer`, {
      token: owner.token,
      body: { id: org.id, accountId: owner.id },
      locale: 'en-US',
    });
    expect(back.msg).toBe('Only the creator of the organization may do this');
  });

  it('binds the caller’s devices to an organization and lists them', async () => {
    const org = await createOrg(creator.token, 'Device Co');
    const device = await addDevice(t.app, creator.token, typeId, { deviceName: 'Org freezer' });
    const bound = await call<{ deviceIds: number[] }>(t.app, 'PUT', `${ORG}/bindDevices`, {
      token: creator.token,
      body: { id: org.id, deviceIds: [device.id] },
    });
    expect(bound.data.deviceIds).toEqual([device.id]);
    const page = await call<PageResponse<DeviceRow>>(t.app, 'POST', `${ORG}/devicePage`, {
      token: creator.token,
      body: { id: org.id, start: 1, pageSize: 10 },
    });
    expect(page.data.data.map((d) => d.deviceName)).toEqual(['Org freezer']);
    const detail = await call<Organization>(t.app, 'GET', `${ORG}/detail`, {
      token: creator.token,
      query: { id: String(org.id) },
    });
    expect(detail.data.deviceCount).toBe(1);
    const unbound = await call<{ deviceIds: number[] }>(t.app, 'PUT', `${ORG}/unbindDevices`, {
      token: creator.token,
      body: { id: org.id, deviceIds: [device.id] },
    });
    expect(unbound.data.deviceIds).toEqual([device.id]);
    const row = await t.app.ctx.db
      .selectFrom('device')
      .select('organizationId')
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow();
    expect(row.organizationId).toBeNull();
  });

  it('shows the organization’s devices to a member only once the invitation is accepted', async () => {
    const org = await createOrg(creator.token, 'Visible Co');
    const device = await addDevice(t.app, creator.token, typeId, { deviceName: 'Shared by org' });
    await call(t.app, 'PUT', `${ORG}/bindDevices`, {
      token: creator.token,
      body: { id: org.id, deviceIds: [device.id] },
    });
    const member = await withEmail();
    const visible = async () => {
      const page = await call<PageResponse<DeviceRow>>(t.app, 'POST', '/api/device/Device/page', {
        token: member.token,
        body: { start: 1, pageSize: 50 },
      });
      return page.data.data.map((d) => d.id);
    };
    await call(t.app, 'POST', `${ACCOUNT}/invite`, {
      token: creator.token,
      body: { organizationId: org.id, email: member.email },
    });
    expect(await visible()).not.toContain(device.id);
    const before = await call(t.app, 'POST', `${ORG}/devicePage`, {
      token: member.token,
      body: { id: org.id, start: 1, pageSize: 10 },
      locale: 'en-US',
    });
    expect(before.msg).toBe('Organization not found');
    const [pending] = await myInvitations(member.token);
    await call(t.app, 'PUT', `${ORG}/acceptInvitation`, { token: member.token, body: { id: pending?.id } });
    expect(await visible()).toContain(device.id);
    const after = await call<PageResponse<DeviceRow>>(t.app, 'POST', `${ORG}/devicePage`, {
      token: member.token,
      body: { id: org.id, start: 1, pageSize: 10 },
    });
    expect(after.data.data.map((d) => d.id)).toEqual([device.id]);
    // A member may look but not move the owner's device out of the organization.
    const unbind = await call(t.app, 'PUT', `${ORG}/unbindDevices`, {
      token: member.token,
      body: { id: org.id, deviceIds: [device.id] },
    });
    expect(unbind.code).not.toBe(0);
  });

  it('refuses organization calls to a personal account, which may still answer invitations', async () => {
    const personal = await signedIn(t.app, { email: `${unique('p')}@example.com` });
    const list = await call(t.app, 'POST', `${ORG}/list`, { token: personal.token });
    expect(list.status).toBe(403);
    expect((await call(t.app, 'GET', `${ORG}/myInvitations`, { token: personal.token })).code).toBe(0);
  });
});

describe('invitation sending limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_CODE_PER_MINUTE: '2' } });
  });
  afterAll(async () => t.close());

  it('limits invitations per account and minute, since they send SMS and e-mail', async () => {
    const admin = await signedIn(t.app, { roleCode: 'enterpriseAdmin' });
    const org = await call<Organization>(t.app, 'POST', `${ORG}/insert`, {
      token: admin.token,
      body: { name: 'Busy Co' },
    });
    const invite = (n: number) =>
      call(t.app, 'POST', `${ACCOUNT}/invite`, {
        token: admin.token,
        body: { organizationId: org.data.id, email: `limit${n}@example.com` },
      });
    expect((await invite(1)).code).toBe(0);
    expect((await invite(2)).code).toBe(0);
    const third = await invite(3);
    expect(third.status).toBe(429);
    const sent = await t.app.ctx.db
      .selectFrom('organizationInvitation')
      .select('id')
      .where('organizationId', '=', org.data.id)
      .execute();
    expect(sent).toHaveLength(2);
  });
});
