import type { SoftwareVersion, UploadedFile } from '@coldchain/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { deviceSecret } from '../../ingest/device-credentials.ts';
import { uniqueGuid } from '../../ingest/test-support.ts';
import { call } from '../../test/harness.ts';

let typeCounter = 0;

/** A multipart body with one file part. */
export function multipart(filename: string, content: Buffer) {
  const boundary = '----coldchainFirmware';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A device type of the catalogue, allowing online upgrades unless told otherwise. */
export async function upgradableType(app: FastifyInstance, onlineUpgrade = true): Promise<number> {
  typeCounter += 1;
  const now = new Date().toISOString();
  const code = (0xe000 + ((process.pid * 7 + typeCounter) % 0x1000)).toString(16).toUpperCase();
  const inserted = await sql<{ id: number }>`insert into device_type
      (type_name, type_code, type_scenes, online_upgrade_status, created_at, updated_at)
      values (${`Upgrade logger ${typeCounter}`}, ${code}, '1', ${onlineUpgrade ? 1 : 0}, ${now}, ${now})
      returning id`.execute(app.ctx.db);
  const row = inserted.rows[0];
  if (!row) throw new Error('device type not created');
  return row.id;
}

/** An enabled device of a type on a platform (the default one unless named), with its secret. */
export async function upgradableDevice(
  app: FastifyInstance,
  deviceTypeId: number,
  options: { platformId?: number; version?: string } = {},
) {
  const db = app.ctx.db;
  let accounts = db.selectFrom('account').select(['id', 'platformId']).orderBy('id');
  if (options.platformId !== undefined) accounts = accounts.where('platformId', '=', options.platformId);
  const account = await accounts.executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const guid = uniqueGuid();
  const device = await db
    .insertInto('device')
    .values({
      platformId: account.platformId,
      accountId: account.id,
      deviceGuid: guid,
      deviceName: `Upgrade ${guid.slice(-6)}`,
      deviceDesc: null,
      deviceTypeId,
      deviceModelId: null,
      useState: 'enabled',
      deletedFlag: 0,
      status: 'offline',
      lastSeenAt: null,
      battery: null,
      signal: null,
      latitude: null,
      longitude: null,
      address: null,
      timeZone: 'UTC',
      recordInterval: 60,
      uploadInterval: 300,
      serviceExpiredDate: '2099-01-01T00:00:00.000Z',
      dataExpiredDate: '2099-04-01T00:00:00.000Z',
      upperLimit: 8,
      lowerLimit: 2,
      correctionValue: null,
      version: options.version ?? '1.0.0',
      iccId: null,
      sensorCount: 1,
      alarmDelay: null,
      countryCode: null,
      orderCode: null,
      creatorName: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: device.id, guid, secret: deviceSecret(app.ctx.deviceKey, guid, 0) };
}

/** Uploads a firmware file as the operator. */
export async function uploadFirmware(
  app: FastifyInstance,
  token: string,
  content: Buffer,
  filename = 'firmware.bin',
) {
  const { payload, headers } = multipart(filename, content);
  const response = await app.inject({
    method: 'POST',
    url: '/api/device/DeviceSoftwareVersion/upload',
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  return JSON.parse(response.body) as { code: number; msg: string; data: UploadedFile };
}

/** Uploads a file and makes it a version of the type. */
export async function createVersion(
  app: FastifyInstance,
  token: string,
  deviceTypeId: number,
  value: string,
  content: Buffer = Buffer.from(`firmware ${value} `.repeat(2000)),
): Promise<SoftwareVersion> {
  const uploaded = await uploadFirmware(app, token, content);
  if (uploaded.code !== 0) throw new Error(`upload failed: ${uploaded.msg}`);
  const answer = await call<SoftwareVersion>(app, 'POST', '/api/device/DeviceSoftwareVersion/insert', {
    token,
    body: {
      deviceTypeId,
      value,
      label: `Release ${value}`,
      fileKey: uploaded.data.fileKey,
      fileName: uploaded.data.fileName,
    },
  });
  if (answer.code !== 0) throw new Error(`version insert failed: ${answer.msg}`);
  return answer.data;
}
