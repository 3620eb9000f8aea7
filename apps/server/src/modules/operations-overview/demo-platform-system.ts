import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { hashPassword } from '../../auth/passwords.ts';
import type { AppContext } from '../../context.ts';
import { newAccountRow, newProfileRow } from '../accounts/new-account.ts';
import { newPlatformRow } from '../platforms/new-platform.ts';

/** The demo's white-label platform: browsers resolve *.localhost to this machine without setup. */
export const DEMO_BRAND_DOMAIN = 'polar.localhost';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A small PNG drawn in code: diagonal stripes of two colours (a logo or a pattern for the demo), so
 * the demo ships no binary files.
 */
export function stripesPng(
  size: number,
  a: [number, number, number],
  b: [number, number, number],
  band = 8,
): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x += 1) {
      const [r, g, bl] = Math.floor((x + y) / band) % 2 === 0 ? a : b;
      row[1 + x * 3] = r;
      row[2 + x * 3] = g;
      row[3 + x * 3] = bl;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function storeImage(ctx: AppContext, folder: string, png: Buffer): Promise<string> {
  const dir = path.join(ctx.config.dataDir, 'uploads', folder);
  await fs.mkdir(dir, { recursive: true });
  const name = `${crypto.randomBytes(16).toString('hex')}.png`;
  await fs.writeFile(path.join(dir, name), png, { mode: 0o640 });
  return name;
}

async function demoAccount(
  ctx: AppContext,
  platformId: number,
  fields: {
    userName: string;
    realName: string;
    roleCode: string;
    contractorCompany?: string;
    contractorContact?: string;
  },
): Promise<number> {
  const found = await ctx.db
    .selectFrom('account')
    .select('id')
    .where('platformId', '=', platformId)
    .where('userName', '=', fields.userName)
    .executeTakeFirst();
  if (found) return found.id;
  const now = ctx.clock.now().toISOString();
  const { contractorCompany, contractorContact, ...rest } = fields;
  const row = await ctx.db
    .insertInto('account')
    .values({
      ...newAccountRow(
        { platformId, passwordHash: await hashPassword(ctx.config.demoPassword), accountType: 1, ...rest },
        now,
      ),
      contractorCompany: contractorCompany ?? null,
      contractorContact: contractorContact ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('userProfile')
    .values({ accountId: row.id, ...newProfileRow(now) })
    .execute();
  return row.id;
}

/**
 * Demo data of the back office's platform and system pages, given once: the white-label platform
 * "Polar Cold Chain" at polar.localhost with its logo and an operator (polar_operator), two pattern
 * images, and two service engineers, one a certified contractor, one waiting for certification.
 * Connections, readings per minute and the DTU log fill from the demo fleet as it runs.
 */
export async function seedDemoPlatformSystem(ctx: AppContext): Promise<void> {
  const home = await ctx.db.selectFrom('platform').selectAll().where('isDefault', '=', 1).executeTakeFirst();
  const operator = await ctx.db
    .selectFrom('account')
    .select('id')
    .where('userName', '=', 'demo_operator')
    .executeTakeFirst();
  if (!home || !operator) return;
  const now = ctx.clock.now().toISOString();

  let brand = await ctx.db
    .selectFrom('platform')
    .select('id')
    .where('topDomain', '=', DEMO_BRAND_DOMAIN)
    .executeTakeFirst();
  if (!brand) {
    const logo = await storeImage(ctx, 'platform-logos', stripesPng(64, [22, 119, 255], [255, 255, 255], 10));
    brand = await ctx.db
      .insertInto('platform')
      .values(
        newPlatformRow(
          {
            topDomain: DEMO_BRAND_DOMAIN,
            title: 'Polar Cold Chain',
            themeColor: '#1677FF',
            enableHttps: 0,
            useLogo: 1,
            loginLogo: `/api/files/platform-logos/${logo}`,
            indexLogo: `/api/files/platform-logos/${logo}`,
            recordCompany: 'Polar Logistics Ltd',
            recordNumber: 'DEMO-0001',
            description: 'Demo white-label platform',
          },
          now,
        ),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await demoAccount(ctx, brand.id, {
      userName: 'polar_operator',
      realName: 'Polar Operator',
      roleCode: 'operator',
    });
  }

  const patterns = await ctx.db
    .selectFrom('patternImage')
    .select('id')
    .where('platformId', '=', home.id)
    .execute();
  if (patterns.length === 0) {
    for (const [name, a, b] of [
      ['Blue stripes', [22, 119, 255], [230, 244, 255]],
      ['Orange stripes', [250, 140, 22], [255, 247, 230]],
    ] as const) {
      const png = stripesPng(96, [...a], [...b], 12);
      const storageName = await storeImage(ctx, 'patterns', png);
      await ctx.db
        .insertInto('patternImage')
        .values({
          platformId: home.id,
          name,
          storageName,
          sizeBytes: png.length,
          createdBy: operator.id,
          createdAt: now,
        })
        .execute();
    }
  }

  const certified = await demoAccount(ctx, home.id, {
    userName: 'demo_engineer',
    realName: 'Wang Wei',
    roleCode: 'serviceEngineer',
    contractorCompany: 'Frost Service Co',
    contractorContact: 'Wang Wei',
  });
  await demoAccount(ctx, home.id, {
    userName: 'demo_engineer_two',
    realName: 'Li Na',
    roleCode: 'serviceEngineer',
    contractorCompany: 'Northwind Repairs',
    contractorContact: 'Li Na',
  });
  const decided = await ctx.db
    .selectFrom('contractorCertificate')
    .select('accountId')
    .where('accountId', '=', certified)
    .executeTakeFirst();
  if (!decided)
    await ctx.db
      .insertInto('contractorCertificate')
      .values({
        accountId: certified,
        platformId: home.id,
        status: 'certified',
        company: 'Frost Service Co',
        contact: 'Wang Wei',
        note: 'Demo: checked on site',
        decidedBy: operator.id,
        decidedAt: now,
      })
      .execute();
}
