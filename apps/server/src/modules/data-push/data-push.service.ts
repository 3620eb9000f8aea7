import crypto from 'node:crypto';
import type {
  DataPushConfigInsert,
  DataPushConfigPageRequest,
  DataPushConfigUpdate,
  DataPushEvent,
  DataPushTestResult,
} from '@coldchain/shared';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/create-db.ts';
import { AppError, fieldError } from '../../errors.ts';
import { errorText } from '../delivery/retry.ts';
import { checkAddress } from './address-guard.ts';
import { type DataPushConfigRow, DataPushRepo } from './data-push.repo.ts';
import { sendWebhook } from './webhook-sender.ts';

/** Data push configurations of one platform's back office (operation.dataPush). */
export class DataPushService {
  private readonly repo: DataPushRepo;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Told when configurations change (ingest caches who pushes readings). */
    private readonly changed: () => void,
  ) {
    this.repo = new DataPushRepo(db);
  }

  page(platformId: number, q: DataPushConfigPageRequest) {
    return this.repo.page(platformId, q);
  }

  async get(platformId: number, id: number): Promise<DataPushConfigRow> {
    const row = await this.repo.find(platformId, id);
    if (!row) throw new AppError('notFound', { entity: 'entities.dataPushConfig' });
    return row;
  }

  async insert(platformId: number, body: DataPushConfigInsert): Promise<DataPushConfigRow> {
    await this.checkFields(platformId, body);
    const now = this.clock.now().toISOString();
    const id = await this.repo.insert({
      platformId,
      accountId: body.accountId,
      configName: body.configName,
      pushUrl: body.pushUrl,
      secret: body.secret ?? crypto.randomBytes(24).toString('base64url'),
      pushTypes: body.pushTypes.join(','),
      enabled: body.enabled,
      allowPrivate: body.allowPrivate,
      remark: body.remark ?? null,
      createdAt: now,
      updatedAt: now,
    });
    this.changed();
    return this.get(platformId, id);
  }

  async update(platformId: number, body: DataPushConfigUpdate) {
    const before = await this.get(platformId, body.id);
    await this.checkFields(platformId, body);
    await this.repo.update(platformId, body.id, {
      accountId: body.accountId,
      configName: body.configName,
      pushUrl: body.pushUrl,
      ...(body.secret ? { secret: body.secret } : {}),
      pushTypes: body.pushTypes.join(','),
      enabled: body.enabled,
      allowPrivate: body.allowPrivate,
      remark: body.remark ?? null,
      updatedAt: this.clock.now().toISOString(),
    });
    this.changed();
    return { before, after: await this.get(platformId, body.id) };
  }

  async delete(platformId: number, id: number): Promise<DataPushConfigRow> {
    const row = await this.get(platformId, id);
    await this.repo.delete(platformId, id);
    this.changed();
    return row;
  }

  /** Sends one signed test event now and answers what the receiver did; the attempt is recorded. */
  async test(platformId: number, id: number): Promise<DataPushTestResult> {
    const config = await this.get(platformId, id);
    const now = this.clock.now();
    const event: DataPushEvent = {
      id: `test:${crypto.randomUUID()}`,
      type: 'test',
      createdAt: now.toISOString(),
      device: null,
      data: { configName: config.configName },
    };
    const body = JSON.stringify(event);
    const outcome = await sendWebhook({
      url: config.pushUrl,
      secret: config.secret,
      allowPrivate: config.allowPrivate === 1,
      eventId: event.id,
      eventType: event.type,
      body,
      now: Math.floor(now.getTime() / 1000),
    });
    const error = outcome.status === 'sent' ? null : errorText(outcome.error);
    await this.db
      .insertInto('pushRecord')
      .values({
        platformId,
        accountId: config.accountId,
        deviceId: null,
        channel: 'webhook',
        target: config.pushUrl,
        recipientName: null,
        subject: 'test',
        content: body,
        status: outcome.status,
        provider: 'webhook',
        outboxId: null,
        dataPushConfigId: config.id,
        attempt: 1,
        httpStatus: outcome.httpStatus,
        error,
        createdAt: now.toISOString(),
      })
      .execute();
    return { status: outcome.status, httpStatus: outcome.httpStatus, error };
  }

  /** The account must be on the platform; the URL must resolve, to a public address unless allowed. */
  private async checkFields(platformId: number, body: DataPushConfigInsert): Promise<void> {
    if (!(await this.repo.accountOnPlatform(platformId, body.accountId)))
      throw fieldError('accountId', 'rules.unknownReference');
    const checked = await checkAddress(body.pushUrl, body.allowPrivate === 1);
    if (checked.ok) return;
    if (checked.reason === 'private')
      throw new AppError('dataPushAddressRefused', { host: checked.host, address: checked.address });
    throw new AppError('dataPushHostUnresolved', { host: checked.host });
  }
}
