import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { DeviceTypesRepo } from '../catalogue/device-types.repo.ts';
import { ModelsRepo } from '../catalogue/models.repo.ts';
import { UnitsRepo } from '../catalogue/units.repo.ts';
import { DevicesRepo } from '../devices/devices.repo.ts';
import { DevicesService } from '../devices/devices.service.ts';
import { PermissionModelsRepo } from '../permission-models/permission-models.repo.ts';
import { permissionModelsRoutes } from '../permission-models/permission-models.routes.ts';
import { PermissionModelsService } from '../permission-models/permission-models.service.ts';
import { TransferRepo } from '../transfer/transfer.repo.ts';
import { transferRoutes } from '../transfer/transfer.routes.ts';
import { TransferService } from '../transfer/transfer.service.ts';
import { SharingRepo } from './sharing.repo.ts';
import { sharingRoutes } from './sharing.routes.ts';
import { SharingService } from './sharing.service.ts';

/** Permission templates, sharing and transfer: the services wired together and their routes. */
export function deviceSharingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const devicesRepo = new DevicesRepo(ctx.db);
  const devices = new DevicesService(
    ctx,
    devicesRepo,
    new DeviceTypesRepo(ctx.db),
    new ModelsRepo(ctx.db),
    new UnitsRepo(ctx.db),
  );
  const models = new PermissionModelsService(new PermissionModelsRepo(ctx.db), devices, ctx.clock);
  const sharingRepo = new SharingRepo(ctx.db);
  const sharing = new SharingService(ctx, sharingRepo, devicesRepo, models);
  const transfers = new TransferService(ctx, new TransferRepo(ctx.db), devicesRepo, sharingRepo);
  return async (app) => {
    await app.register(permissionModelsRoutes(models));
    await app.register(sharingRoutes(ctx, sharing, transfers));
    await app.register(transferRoutes(transfers));
  };
}
