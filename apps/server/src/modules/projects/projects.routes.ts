import {
  deviceBindingSchema,
  deviceRowSchema,
  ownedDevicePageSchema,
  type Project,
  type ProjectCounts,
  pageResponseSchema,
  projectIdQuerySchema,
  projectInsertSchema,
  projectPageSchema,
  projectSchema,
  projectUpdateSchema,
} from '@coldchain/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { nullData, ok, okSchema } from '../../http/envelope.ts';
import { DevicesRepo } from '../devices/devices.repo.ts';
import { callerOf } from '../devices/devices.routes.ts';
import type { ProjectRow } from './projects.repo.ts';
import { ProjectsRepo } from './projects.repo.ts';
import { ProjectsService } from './projects.service.ts';

const TAG = ['projects'];
const PROJECT = '/base/BaseProject';
const EMPTY: ProjectCounts = { total: 0, online: 0, offline: 0, alarm: 0, disabled: 0 };

function present(row: ProjectRow, counts: Map<number, ProjectCounts>): Project {
  return {
    id: row.id,
    projectName: row.projectName,
    counts: counts.get(row.id) ?? EMPTY,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * Projects (002 §3, §7 group /base/BaseProject; the calls themselves are not shown). Access is
 * checked in the service, because two pages (project.list and projectList) offer projects.
 */
export function projectsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new ProjectsService(ctx, new ProjectsRepo(ctx.db), new DevicesRepo(ctx.db));
  const bindingResultSchema = z.object({ deviceIds: z.array(z.number().int()) });

  return async (app) => {
    app.post(
      `${PROJECT}/list`,
      {
        config: { audit: false },
        schema: { tags: TAG, body: projectPageSchema, response: okSchema(pageResponseSchema(projectSchema)) },
      },
      async (request) => {
        const { rows, counts, totalCount } = await service.page(callerOf(request), request.body);
        return ok(request, {
          data: rows.map((r) => present(r, counts)),
          start: request.body.start,
          totalCount,
        });
      },
    );

    app.get(
      `${PROJECT}/overview`,
      { schema: { tags: TAG, response: okSchema(z.array(projectSchema)) } },
      async (request) => {
        const { rows, counts } = await service.overview(callerOf(request));
        return ok(
          request,
          rows.map((r) => present(r, counts)),
        );
      },
    );

    app.get(
      `${PROJECT}/detail`,
      { schema: { tags: TAG, querystring: projectIdQuerySchema, response: okSchema(projectSchema) } },
      async (request) => {
        const { project, counts } = await service.detail(callerOf(request), request.query.id);
        return ok(request, present(project, counts));
      },
    );

    app.post(
      `${PROJECT}/insert`,
      {
        config: { action: 'project.insert' },
        schema: { tags: TAG, body: projectInsertSchema, response: okSchema(projectSchema) },
      },
      async (request) => {
        const caller = callerOf(request);
        const project = await service.insert(caller, request.body);
        const { counts } = await service.detail(caller, project.id);
        request.auditNote = { entityType: 'project', entityId: project.id, newValue: request.body };
        return ok(request, present(project, counts));
      },
    );

    app.put(
      `${PROJECT}/update`,
      {
        config: { action: 'project.update' },
        schema: { tags: TAG, body: projectUpdateSchema, response: okSchema(nullData) },
      },
      async (request) => {
        const change = await service.update(callerOf(request), request.body);
        request.auditNote = {
          entityType: 'project',
          entityId: request.body.id,
          oldValue: change.before,
          newValue: change.after,
        };
        return ok(request, null);
      },
    );

    app.delete(
      `${PROJECT}/delete`,
      {
        config: { action: 'project.delete' },
        schema: { tags: TAG, querystring: projectIdQuerySchema, response: okSchema(nullData) },
      },
      async (request) => {
        const project = await service.delete(callerOf(request), request.query.id);
        request.auditNote = {
          entityType: 'project',
          entityId: project.id,
          oldValue: { projectName: project.projectName },
        };
        return ok(request, null);
      },
    );

    app.post(
      `${PROJECT}/devicePage`,
      {
        config: { audit: false },
        schema: {
          tags: TAG,
          body: ownedDevicePageSchema,
          response: okSchema(pageResponseSchema(deviceRowSchema)),
        },
      },
      async (request) => ok(request, await service.devicePage(callerOf(request), request.body)),
    );

    for (const [path, bind] of [
      ['bindDevices', true],
      ['unbindDevices', false],
    ] as const) {
      app.put(
        `${PROJECT}/${path}`,
        {
          config: { action: `project.${path}` },
          schema: { tags: TAG, body: deviceBindingSchema, response: okSchema(bindingResultSchema) },
        },
        async (request) => {
          const caller = callerOf(request);
          const deviceIds = bind
            ? await service.bindDevices(caller, request.body)
            : await service.unbindDevices(caller, request.body);
          request.auditNote = {
            entityType: 'project',
            entityId: request.body.id,
            newValue: { [path]: deviceIds },
          };
          return ok(request, { deviceIds });
        },
      );
    }
  };
}
