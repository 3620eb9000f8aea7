import {
  catalogueSortSchema,
  depositViewRequestSchema,
  depositViewSchema,
  deviceServiceItemsSchema,
  deviceTypeRelationQuerySchema,
  deviceTypeRelationSchema,
  deviceTypeRelationUpdateSchema,
  levelYearListSchema,
  levelYearQuerySchema,
  packageIdSchema,
  pageResponseSchema,
  SERVICE_PACKAGE_LIMITS,
  serviceDeviceQuerySchema,
  serviceItemInsertSchema,
  serviceItemSchema,
  serviceItemUpdateSchema,
  servicePackageDetailSchema,
  servicePackageInsertSchema,
  servicePackagePageSchema,
  servicePackageSummarySchema,
  servicePackageUpdateSchema,
  smsImportResultSchema,
  smsPackageInsertSchema,
  smsPackageListSchema,
  smsPackageSchema,
  smsPackageUpdateSchema,
} from '@coldchain/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, fieldError } from '../../errors.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { callerOf } from '../devices/devices.routes.ts';
import { IMAGE_NAME_PATTERN, ImageStore, readImageUpload } from '../platforms/image-store.ts';
import {
  ICON_URL_PREFIX,
  presentDetail,
  presentItem,
  presentSms,
  presentSummary,
} from './service-packages.presenter.ts';
import { ServicePackagesRepo } from './service-packages.repo.ts';
import { ServicePackagesService } from './service-packages.service.ts';
import { readSmsImport } from './sms-import.ts';

const TAG = ['service-packages'];
const ITEM = '/payment/PayServiceItem';
const LEVEL = '/payment/PayServiceLevel';
const PACKAGE = '/payment/PayServicePackages';
const RELATION = '/payment/PayDeviceTypeService';
const SMS = '/payment/PaySmsPackages';
const KEY = 'order.servicePackage';

/** The caller's platform: each platform's operators manage its own catalogue. */
const platformOf = (request: FastifyRequest) => requireAuth(request).account.platformId;

/** Reads the one uploaded import file (CSV or XLSX, at most importMaxBytes). */
async function readImportFile(request: FastifyRequest): Promise<{ filename: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw fieldError('file', 'rules.required');
  const max = SERVICE_PACKAGE_LIMITS.importMaxBytes;
  const part = await request.file({ limits: { fileSize: max } });
  if (!part) throw fieldError('file', 'rules.required');
  try {
    return { filename: part.filename, bytes: await part.toBuffer() };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('fileTooLarge', { maxMb: max / 1024 / 1024 });
    throw error;
  }
}

/**
 * The service catalogue (001 §7.4): back-office calls behind order.servicePackage, and the purchase
 * drawer's reads for any signed-in account on a device it may see. Action paths the spec does not
 * show are listed in docs/decisions.md (Service packages).
 */
export function servicePackagesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new ServicePackagesService(new ServicePackagesRepo(ctx.db), ctx.clock);
  const icons = new ImageStore(ctx.config.dataDir, 'service-package-icons');
  return async (app) => {
    // ——— service items ———
    app.post(
      `${ITEM}/selectItemList`,
      {
        config: { permission: `${KEY}:query`, audit: false },
        schema: { tags: TAG, response: okSchema(z.array(serviceItemSchema)) },
      },
      async (request) => ok(request, (await service.items(platformOf(request))).map(presentItem)),
    );

    app.post(
      `${ITEM}/insert`,
      {
        config: { permission: `${KEY}:add`, action: 'servicePackage.itemInsert' },
        schema: { tags: TAG, body: serviceItemInsertSchema, response: okSchema(serviceItemSchema) },
      },
      async (request) => {
        const row = await service.insertItem(platformOf(request), request.body);
        request.auditNote = { entityType: 'serviceItem', entityId: row.id, newValue: presentItem(row) };
        return ok(request, presentItem(row));
      },
    );

    app.put(
      `${ITEM}/update`,
      {
        config: { permission: `${KEY}:edit`, action: 'servicePackage.itemUpdate' },
        schema: { tags: TAG, body: serviceItemUpdateSchema, response: okSchema(serviceItemSchema) },
      },
      async (request) => {
        const { before, after } = await service.updateItem(platformOf(request), request.body);
        request.auditNote = {
          entityType: 'serviceItem',
          entityId: after.id,
          oldValue: presentItem(before),
          newValue: presentItem(after),
        };
        return ok(request, presentItem(after));
      },
    );

    app.post(
      `${ITEM}/sort`,
      {
        config: { permission: `${KEY}:edit`, action: 'servicePackage.itemSort' },
        schema: { tags: TAG, body: catalogueSortSchema, response: okSchema(z.null()) },
      },
      async (request) => {
        await service.sortItems(platformOf(request), request.body);
        request.auditNote = { entityType: 'serviceItem', newValue: request.body };
        return ok(request, null);
      },
    );

    app.get(
      `${ITEM}/selectAllServiceItemByDevice`,
      {
        schema: {
          tags: TAG,
          description:
            'The items and levels of the package the device’s type may buy; an empty level list with a message when there is none.',
          querystring: serviceDeviceQuerySchema,
          response: okSchema(deviceServiceItemsSchema),
        },
      },
      async (request) =>
        ok(request, await service.itemsByDevice(callerOf(request), request.query.deviceId, request.t)),
    );

    // ——— levels ———
    app.get(
      `${LEVEL}/selectLevelYear`,
      {
        schema: { tags: TAG, querystring: levelYearQuerySchema, response: okSchema(levelYearListSchema) },
      },
      async (request) => ok(request, await service.levelYears(callerOf(request), request.query)),
    );

    // ——— packages ———
    app.post(
      `${PACKAGE}/selectPackageList`,
      {
        config: { permission: `${KEY}:query`, audit: false },
        schema: {
          tags: TAG,
          body: servicePackagePageSchema,
          response: okSchema(pageResponseSchema(servicePackageSummarySchema)),
        },
      },
      async (request) => {
        const { rows, totalCount } = await service.page(platformOf(request), request.body);
        return ok(request, { data: rows.map(presentSummary), start: request.body.start, totalCount });
      },
    );

    app.post(
      `${PACKAGE}/detail`,
      {
        config: { permission: `${KEY}:query`, audit: false },
        schema: { tags: TAG, body: packageIdSchema, response: okSchema(servicePackageDetailSchema) },
      },
      async (request) => {
        const d = await service.detail(platformOf(request), request.body.id);
        return ok(request, presentDetail(d.row, d.tree, d.items, d.deviceTypeIds));
      },
    );

    const detailOf = async (platformId: number, id: number) => {
      const d = await service.detail(platformId, id);
      return presentDetail(d.row, d.tree, d.items, d.deviceTypeIds);
    };

    app.post(
      `${PACKAGE}/insert`,
      {
        config: { permission: `${KEY}:add`, action: 'servicePackage.insert' },
        schema: {
          tags: TAG,
          body: servicePackageInsertSchema,
          response: okSchema(servicePackageDetailSchema),
        },
      },
      async (request) => {
        const platformId = platformOf(request);
        const row = await service.insert(platformId, request.body);
        const detail = await detailOf(platformId, row.id);
        request.auditNote = { entityType: 'servicePackage', entityId: row.id, newValue: detail };
        return ok(request, detail);
      },
    );

    app.put(
      `${PACKAGE}/update`,
      {
        config: { permission: `${KEY}:edit`, action: 'servicePackage.update' },
        schema: {
          tags: TAG,
          body: servicePackageUpdateSchema,
          response: okSchema(servicePackageDetailSchema),
        },
      },
      async (request) => {
        const platformId = platformOf(request);
        const old = await detailOf(platformId, request.body.id);
        const { after } = await service.update(platformId, request.body);
        const detail = await detailOf(platformId, after.id);
        request.auditNote = {
          entityType: 'servicePackage',
          entityId: after.id,
          oldValue: old,
          newValue: detail,
        };
        return ok(request, detail);
      },
    );

    for (const [path, action, permission, change] of [
      ['enablePackage', 'servicePackage.enable', `${KEY}:enable`, 'enable'],
      ['stopPackage', 'servicePackage.stop', `${KEY}:disable`, 'stop'],
    ] as const) {
      app.post(
        `${PACKAGE}/${path}`,
        {
          config: { permission, action },
          schema: { tags: TAG, body: packageIdSchema, response: okSchema(servicePackageSummarySchema) },
        },
        async (request) => {
          const platformId = platformOf(request);
          const { before, after } = await service[change](platformId, request.body.id);
          request.auditNote = {
            entityType: 'servicePackage',
            entityId: after.id,
            oldValue: { packageStatus: before.packageStatus, enableTime: before.enableTime },
            newValue: { packageStatus: after.packageStatus, enableTime: after.enableTime },
          };
          const d = await service.detail(platformId, after.id);
          return ok(
            request,
            presentSummary({
              ...after,
              levelCount: d.tree.levels.length,
              deviceTypeCount: d.deviceTypeIds.length,
            }),
          );
        },
      );
    }

    app.post(
      `${PACKAGE}/sort`,
      {
        config: { permission: `${KEY}:edit`, action: 'servicePackage.sort' },
        schema: { tags: TAG, body: catalogueSortSchema, response: okSchema(z.null()) },
      },
      async (request) => {
        await service.sortPackages(platformOf(request), request.body);
        request.auditNote = { entityType: 'servicePackage', newValue: request.body };
        return ok(request, null);
      },
    );

    app.post(
      `${PACKAGE}/uploadIcon`,
      {
        config: { permission: `${KEY}:edit`, action: 'servicePackage.uploadIcon' },
        schema: {
          tags: TAG,
          consumes: ['multipart/form-data'],
          description:
            'Field "id" (the package) before one file part: a jpg, jpeg or png image of at most 2 MB.',
          response: okSchema(z.object({ url: z.string() })),
        },
      },
      async (request) => {
        const platformId = platformOf(request);
        const { filename, bytes, fields } = await readImageUpload(request);
        const id = Number(fields.id);
        if (!Number.isSafeInteger(id) || id <= 0) throw fieldError('id', 'rules.required');
        await service.get(platformId, id);
        const saved = await icons.save(filename, bytes);
        const { before } = await service.setIcon(platformId, id, saved.name);
        if (before.icon) await icons.remove(before.icon);
        request.auditNote = { entityType: 'servicePackage', entityId: id, newValue: { icon: saved.url } };
        return ok(request, { url: `${ICON_URL_PREFIX}${saved.name}` });
      },
    );

    app.get(
      '/files/service-package-icons/:fileName',
      {
        config: { access: 'public' },
        schema: {
          tags: TAG,
          security: [],
          params: z.object({
            fileName: z.string().regex(IMAGE_NAME_PATTERN, { message: 'rules.invalidFormat' }),
          }),
        },
      },
      async (request, reply) => icons.send(request.params.fileName, reply),
    );

    // ——— device-type relations ———
    app.get(
      `${RELATION}/selectServiceList`,
      {
        config: { permission: `${KEY}:query` },
        schema: {
          tags: TAG,
          querystring: deviceTypeRelationQuerySchema,
          response: okSchema(z.array(deviceTypeRelationSchema)),
        },
      },
      async (request) => {
        const rows = await service.relations(platformOf(request), request.query.packageId);
        return ok(
          request,
          rows.map((r) => ({ ...r, packageStatus: r.packageStatus === 1 ? (1 as const) : (0 as const) })),
        );
      },
    );

    app.put(
      `${RELATION}/update`,
      {
        config: { permission: `${KEY}:edit`, action: 'servicePackage.deviceTypes' },
        schema: {
          tags: TAG,
          body: deviceTypeRelationUpdateSchema,
          response: okSchema(
            z.object({ packageId: z.number().int(), deviceTypeIds: z.array(z.number().int()) }),
          ),
        },
      },
      async (request) => {
        const { pkg, before, after } = await service.setRelations(platformOf(request), request.body);
        request.auditNote = {
          entityType: 'servicePackage',
          entityId: pkg.id,
          oldValue: { deviceTypeIds: before },
          newValue: { deviceTypeIds: after },
        };
        return ok(request, { packageId: pkg.id, deviceTypeIds: after });
      },
    );

    // ——— SMS and voice packages ———
    app.post(
      `${SMS}/selectSmsPackage`,
      {
        config: { permission: `${KEY}:query`, audit: false },
        schema: { tags: TAG, body: smsPackageListSchema, response: okSchema(z.array(smsPackageSchema)) },
      },
      async (request) =>
        ok(request, (await service.smsPackages(platformOf(request), request.body)).map(presentSms)),
    );

    app.post(
      `${SMS}/insert`,
      {
        config: { permission: `${KEY}:add`, action: 'servicePackage.smsInsert' },
        schema: { tags: TAG, body: smsPackageInsertSchema, response: okSchema(smsPackageSchema) },
      },
      async (request) => {
        const row = await service.insertSms(platformOf(request), request.body);
        request.auditNote = { entityType: 'smsPackage', entityId: row.id, newValue: presentSms(row) };
        return ok(request, presentSms(row));
      },
    );

    app.put(
      `${SMS}/update`,
      {
        config: { permission: `${KEY}:edit`, action: 'servicePackage.smsUpdate' },
        schema: { tags: TAG, body: smsPackageUpdateSchema, response: okSchema(smsPackageSchema) },
      },
      async (request) => {
        const { before, after } = await service.updateSms(platformOf(request), request.body);
        request.auditNote = {
          entityType: 'smsPackage',
          entityId: after.id,
          oldValue: presentSms(before),
          newValue: presentSms(after),
        };
        return ok(request, presentSms(after));
      },
    );

    app.delete(
      `${SMS}/delete`,
      {
        config: { permission: `${KEY}:delete`, action: 'servicePackage.smsDelete' },
        schema: {
          tags: TAG,
          querystring: z.object({ id: z.coerce.number().int().positive() }),
          response: okSchema(z.null()),
        },
      },
      async (request) => {
        const row = await service.deleteSms(platformOf(request), request.query.id);
        request.auditNote = { entityType: 'smsPackage', entityId: row.id, oldValue: presentSms(row) };
        return ok(request, null);
      },
    );

    app.post(
      `${SMS}/sortPackage`,
      {
        config: { permission: `${KEY}:edit`, action: 'servicePackage.smsSort' },
        schema: { tags: TAG, body: catalogueSortSchema, response: okSchema(z.null()) },
      },
      async (request) => {
        await service.sortSms(platformOf(request), request.body);
        request.auditNote = { entityType: 'smsPackage', newValue: request.body };
        return ok(request, null);
      },
    );

    app.post(
      `${SMS}/importSmsPackages`,
      {
        config: { permission: `${KEY}:import`, action: 'servicePackage.smsImport' },
        schema: {
          tags: TAG,
          consumes: ['multipart/form-data'],
          description:
            'One CSV or XLSX file whose first row names the columns kind, countryCode, currency, packageName, count, packageFee and initialFee (fees in cents).',
          response: okSchema(smsImportResultSchema),
        },
      },
      async (request) => {
        const { filename, bytes } = await readImportFile(request);
        const rows = await readSmsImport(filename, bytes);
        const result = await service.importSms(platformOf(request), rows);
        request.auditNote = { entityType: 'smsPackage', newValue: result };
        return ok(request, result);
      },
    );

    app.post(
      `${SMS}/selectDepositView`,
      {
        config: { audit: false },
        schema: { tags: TAG, body: depositViewRequestSchema, response: okSchema(depositViewSchema) },
      },
      async (request) =>
        ok(request, await service.depositView(platformOf(request), request.body.countryCode)),
    );
  };
}
