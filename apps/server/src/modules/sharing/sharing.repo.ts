import type { DeviceSharePageRequest, RequestState } from '@coldchain/shared';
import type { ExpressionBuilder, Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import { contains, countAll } from '../../db/sql-helpers.ts';
import type { DeviceShareLinkTable, DeviceShareTable } from '../../db/tables/people.ts';
import { type Contact, emailContact, phoneContact } from '../accounts/contacts.ts';

export type ShareLinkRow = Selectable<DeviceShareLinkTable>;

/** A share with the names its lists show; `accountName` is null while it waits for a registration. */
export type ShareView = Selectable<DeviceShareTable> & {
  deviceName: string;
  deviceGuid: string;
  ownerName: string;
  accountName: string | null;
  permissionModelName: string | null;
};

/** Who is asking as a recipient: shares name it by account, or by its phone or e-mail before it answers. */
export interface ShareParty {
  accountId: number;
  platformId: number;
  phone: string | null;
  email: string | null;
}

/** Whom a new share goes to: an account (also found through its phone and e-mail) or a bare contact. */
export interface ShareTarget {
  accountId: number | null;
  contacts: readonly Contact[];
}

type ShareQuery = ExpressionBuilder<
  Database & { owner: Database['account']; recipient: Database['account'] },
  'deviceShare' | 'owner'
>;

/** The party's contacts, as shares addressed to a contact store them. */
function contactsOf(party: Pick<ShareParty, 'phone' | 'email'>): Contact[] {
  const contacts: Contact[] = [];
  if (party.phone) contacts.push(phoneContact(party.phone));
  if (party.email) contacts.push(emailContact(party.email));
  return contacts;
}

/** Shares not yet answered by anyone that were addressed to one of these contacts. */
function toContacts(eb: ExpressionBuilder<Database, 'deviceShare'>, contacts: readonly Contact[]) {
  return contacts.map((c) =>
    eb.and([
      eb('deviceShare.accountId', 'is', null),
      eb('deviceShare.contactChannel', '=', c.channel),
      eb('deviceShare.contact', '=', c.target),
    ]),
  );
}

/**
 * Shares offered to the party: by account, or to its phone or e-mail by a sharer of its platform (a
 * contact says nothing about who holds it elsewhere).
 */
function offeredTo(eb: ShareQuery, party: ShareParty) {
  return eb.and([
    eb('owner.platformId', '=', party.platformId),
    eb('deviceShare.ownerAccountId', '<>', party.accountId),
    eb.or([eb('deviceShare.accountId', '=', party.accountId), ...toContacts(eb, contactsOf(party))]),
  ]);
}

/** A share that still counts: waiting for an answer, or accepted and not ended at `now`. */
export function isLive(share: Pick<DeviceShareTable, 'state' | 'expiresAt'>, now: string): boolean {
  if (share.state === 'pending') return true;
  return share.state === 'accepted' && (share.expiresAt === null || share.expiresAt > now);
}

/** Shares, share links and the accounts they name; every read is scoped by the account asking. */
export class SharingRepo {
  constructor(private readonly db: Db) {}

  private views() {
    return this.db
      .selectFrom('deviceShare')
      .innerJoin('device', 'device.id', 'deviceShare.deviceId')
      .innerJoin('account as owner', 'owner.id', 'deviceShare.ownerAccountId')
      .leftJoin('account as recipient', 'recipient.id', 'deviceShare.accountId')
      .leftJoin('permissionModel', 'permissionModel.id', 'deviceShare.permissionModelId')
      .selectAll('deviceShare')
      .select([
        'device.deviceName',
        'device.deviceGuid',
        'owner.userName as ownerName',
        'recipient.userName as accountName',
        'permissionModel.name as permissionModelName',
      ])
      .where('device.deletedFlag', '=', 0);
  }

  /** A share the party made or was offered; another account's id finds nothing. */
  involving(party: ShareParty, id: number): Promise<ShareView | undefined> {
    return this.views()
      .where('deviceShare.id', '=', id)
      .where((eb) => eb.or([eb('deviceShare.ownerAccountId', '=', party.accountId), offeredTo(eb, party)]))
      .executeTakeFirst();
  }

  async byIds(ids: readonly number[]): Promise<ShareView[]> {
    if (ids.length === 0) return [];
    return this.views().where('deviceShare.id', 'in', ids).orderBy('deviceShare.id').execute();
  }

  async page(
    party: ShareParty,
    q: DeviceSharePageRequest,
  ): Promise<{ rows: ShareView[]; totalCount: number }> {
    let query = this.views().where((eb) =>
      q.side === 'sharer' ? eb('deviceShare.ownerAccountId', '=', party.accountId) : offeredTo(eb, party),
    );
    if (q.state) query = query.where('deviceShare.state', '=', q.state);
    const name = q.accountName;
    if (name)
      query = query.where((eb) =>
        q.side === 'sharer'
          ? eb.or([
              contains('recipient.userName', name),
              contains('deviceShare.sharerName', name),
              contains('deviceShare.contact', name),
            ])
          : contains('owner.userName', name),
      );
    if (q.deviceName) query = query.where(contains('device.deviceName', q.deviceName));
    const total = await query.clearSelect().select(countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .orderBy('deviceShare.id', q.sortOrder === 'ascend' ? 'asc' : 'desc')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    return { rows, totalCount: Number(total.n) };
  }

  /** Shares waiting for the party's answer, on devices their sharer still owns. */
  pendingFor(party: ShareParty): Promise<ShareView[]> {
    return this.views()
      .where((eb) => offeredTo(eb, party))
      .where('deviceShare.state', '=', 'pending')
      .whereRef('device.accountId', '=', 'deviceShare.ownerAccountId')
      .orderBy('deviceShare.id', 'desc')
      .execute();
  }

  /**
   * Shares of these devices with the target that are pending or accepted (ended ones included): with
   * its account, or still waiting for one of its contacts.
   */
  existing(deviceIds: readonly number[], target: ShareTarget) {
    return this.db
      .selectFrom('deviceShare')
      .select(['id', 'deviceId', 'state', 'expiresAt'])
      .where('deviceId', 'in', deviceIds)
      .where('state', 'in', ['pending', 'accepted'])
      .where((eb) => {
        const byAccount =
          target.accountId === null ? [] : [eb('deviceShare.accountId', '=', target.accountId)];
        return eb.or([...byAccount, ...toContacts(eb, target.contacts)]);
      })
      .execute();
  }

  async insertAll(rows: Insertable<DeviceShareTable>[]): Promise<number[]> {
    if (rows.length === 0) return [];
    return this.db.transaction().execute(async (trx) => {
      const ids: number[] = [];
      for (const row of rows) {
        const saved = await trx
          .insertInto('deviceShare')
          .values(row)
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(saved.id);
      }
      return ids;
    });
  }

  /**
   * Moves a share from one state to another; false when it was no longer in `from` (answered or
   * cancelled meanwhile), so two answers cannot both win. A recipient answering a share addressed to
   * its contact becomes its account (`claim`), unless another account did meanwhile.
   */
  async setState(
    id: number,
    from: readonly RequestState[],
    to: RequestState,
    now: string,
    claim?: number,
  ): Promise<boolean> {
    let update = this.db
      .updateTable('deviceShare')
      .set({ state: to, respondedAt: now, ...(claim === undefined ? {} : { accountId: claim }) })
      .where('id', '=', id)
      .where('state', 'in', from);
    if (claim !== undefined)
      update = update.where((eb) => eb.or([eb('accountId', 'is', null), eb('accountId', '=', claim)]));
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async setModel(id: number, permissionModelId: number | null): Promise<void> {
    await this.db.updateTable('deviceShare').set({ permissionModelId }).where('id', '=', id).execute();
  }

  /** A live account of the platform by user name, phone or e-mail (e-mails are stored lower-cased). */
  recipient(platformId: number, who: string) {
    return this.db
      .selectFrom('account')
      .select(['id', 'userName', 'platformId', 'phone', 'email'])
      .where('platformId', '=', platformId)
      .where('deletedFlag', '=', 0)
      .where((eb) =>
        eb.or([eb('userName', '=', who), eb('phone', '=', who), eb('email', '=', who.toLowerCase())]),
      )
      .orderBy('id')
      .executeTakeFirst();
  }

  // ---- links

  async insertLink(row: Insertable<DeviceShareLinkTable>): Promise<ShareLinkRow> {
    return this.db.insertInto('deviceShareLink').values(row).returningAll().executeTakeFirstOrThrow();
  }

  linkByHash(tokenHash: string): Promise<ShareLinkRow | undefined> {
    return this.db
      .selectFrom('deviceShareLink')
      .selectAll()
      .where('tokenHash', '=', tokenHash)
      .executeTakeFirst();
  }

  accountName(id: number) {
    return this.db.selectFrom('account').select(['userName']).where('id', '=', id).executeTakeFirst();
  }

  modelName(id: number) {
    return this.db.selectFrom('permissionModel').select(['name']).where('id', '=', id).executeTakeFirst();
  }

  /** The live devices of a link that its owner still owns, with their type names. */
  linkDevices(ownerAccountId: number, deviceIds: readonly number[]) {
    if (deviceIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('device')
      .innerJoin('deviceType', 'deviceType.id', 'device.deviceTypeId')
      .select(['device.id', 'device.deviceName', 'deviceType.typeName'])
      .where('device.id', 'in', deviceIds)
      .where('device.accountId', '=', ownerAccountId)
      .where('device.deletedFlag', '=', 0)
      .orderBy('device.id')
      .execute();
  }
}
