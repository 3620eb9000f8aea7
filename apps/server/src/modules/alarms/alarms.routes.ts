import {
  ALARM_TEMPLATE_PLACEHOLDERS,
  alarmIdQuerySchema,
  alarmRuleInsertSchema,
  alarmRulePageSchema,
  alarmRuleSchema,
  alarmRuleUpdateSchema,
  idParamSchema,
  messageTemplateInsertSchema,
  messageTemplatePageSchema,
  messageTemplateSchema,
  messageTemplateUpdateSchema,
  pageResponseSchema,
  pushConfigParamsSchema,
  pushConfigSchema,
  pushConfigUpdateSchema,
  warnRuleInsertSchema,
  warnRulePageSchema,
  warnRuleSchema,
  warnRuleUpdateSchema,
} from '@coldchain/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { DeviceTypesRepo } from '../catalogue/device-types.repo.ts';
import { ModelsRepo } from '../catalogue/models.repo.ts';
import { UnitsRepo } from '../catalogue/units.repo.ts';
import { DevicesRepo } from '../devices/devices.repo.ts';
import { callerOf } from '../devices/devices.routes.ts';
import { DevicesService } from '../devices/devices.service.ts';
import { MessagesRepo } from '../messages/messages.repo.ts';
import { messagesRoutes } from '../messages/messages.routes.ts';
import { MessagesService } from '../messages/messages.service.ts';
import { AlarmEngine, engineOf } from './alarm-engine.ts';
import { alarmFeedOf } from './alarm-feed.ts';
import { AlarmRulesRepo } from './alarm-rules.repo.ts';
import { AlarmRulesService } from './alarm-rules.service.ts';
import { presentAlarmRule, presentTemplate, presentWarnRule } from './alarms.presenter.ts';
import { PushConfigService } from './push-config.service.ts';

const TAG = ['alarms'];
const ALARM_RULE = '/device/DeviceAlarmRule';
const WARN_RULE = '/device/DeviceWarnRule';
/** sic: the spec's spelling (002 §7) */
const TEMPLATE = '/device/DeviceMessageTemlate';
const PUSH_CONFIG = '/device/Device/pushConfig';

/** The alarm engine of an app (tests drive its timers and wait for it). */
export function alarmEngineOf(app: FastifyInstance): AlarmEngine {
  const engine = engineOf(app.ctx.db);
  if (!engine) throw new Error('the alarm engine is not running');
  return engine;
}

/**
 * Alarms (issue 5): starts the engine on ingest's committed data and serves the back office's alarm
 * rules, warning rules and message templates, each device's push configuration, and the message
 * centre. Paths in the top-of-file list of packages/shared/src/schemas/alarm.ts.
 */
export function alarmsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const engine = new AlarmEngine(ctx, app.log);
    await engine.start();
    app.addHook('onClose', async () => engine.stop());

    const devices = new DevicesService(
      ctx,
      new DevicesRepo(ctx.db),
      new DeviceTypesRepo(ctx.db),
      new ModelsRepo(ctx.db),
      new UnitsRepo(ctx.db),
    );
    // The engine running on this database (tests replace it to stand for a restart).
    const current = () => engineOf(ctx.db) ?? engine;
    const rules = new AlarmRulesService(new AlarmRulesRepo(ctx.db), ctx.clock, () =>
      current().invalidateRules(),
    );
    const pushConfigs = new PushConfigService(ctx.db, devices, ctx.clock, (id) => current().invalidate(id));
    const messages = new MessagesService(new MessagesRepo(ctx.db), devices, engine.book, ctx.clock);
    await app.register(messagesRoutes(messages));
    // Every change the engine commits goes out on the live channel as the console shows messages.
    const feed = alarmFeedOf(ctx.db);
    engine.onChange((change) => {
      messages
        .forLive(change.messageId, change.locale)
        .then((message) => {
          if (message) feed.emit('message', { accountId: change.accountId, message });
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'live alarm not sent'));
    });

    // ---- alarm rules
    app.post(
      `${ALARM_RULE}/page`,
      {
        config: { permission: 'product.alarmRule:query', audit: false },
        schema: {
          tags: TAG,
          body: alarmRulePageSchema,
          response: okSchema(pageResponseSchema(alarmRuleSchema)),
        },
      },
      async (request) => {
        const { rows, totalCount } = await rules.alarmRulePage(request.body);
        return ok(request, { data: rows.map(presentAlarmRule), start: request.body.start, totalCount });
      },
    );
    app.get(
      `${ALARM_RULE}/list`,
      {
        config: { permission: 'product.alarmRule:query' },
        schema: { tags: TAG, response: okSchema(z.array(alarmRuleSchema)) },
      },
      async (request) => ok(request, (await rules.alarmRules()).map(presentAlarmRule)),
    );
    app.get(
      `${ALARM_RULE}/detail`,
      {
        config: { permission: 'product.alarmRule:query' },
        schema: { tags: TAG, querystring: alarmIdQuerySchema, response: okSchema(alarmRuleSchema) },
      },
      async (request) => ok(request, presentAlarmRule(await rules.alarmRule(request.query.id))),
    );
    app.post(
      `${ALARM_RULE}/insert`,
      {
        config: { permission: 'product.alarmRule:add', action: 'alarmRule.insert' },
        schema: { tags: TAG, body: alarmRuleInsertSchema, response: okSchema(alarmRuleSchema) },
      },
      async (request) => {
        const row = presentAlarmRule(await rules.insertAlarmRule(request.body));
        request.auditNote = { entityType: 'alarmRule', entityId: row.id, newValue: row };
        return ok(request, row);
      },
    );
    app.put(
      `${ALARM_RULE}/update`,
      {
        config: { permission: 'product.alarmRule:edit', action: 'alarmRule.update' },
        schema: { tags: TAG, body: alarmRuleUpdateSchema, response: okSchema(alarmRuleSchema) },
      },
      async (request) => {
        const { before, after } = await rules.updateAlarmRule(request.body);
        request.auditNote = {
          entityType: 'alarmRule',
          entityId: after.id,
          oldValue: presentAlarmRule(before),
          newValue: presentAlarmRule(after),
        };
        return ok(request, presentAlarmRule(after));
      },
    );
    app.delete(
      `${ALARM_RULE}/delete`,
      {
        config: { permission: 'product.alarmRule:delete', action: 'alarmRule.delete' },
        schema: { tags: TAG, querystring: idParamSchema, response: okSchema(z.null()) },
      },
      async (request) => {
        const row = await rules.deleteAlarmRule(request.query.id);
        request.auditNote = { entityType: 'alarmRule', entityId: row.id, oldValue: presentAlarmRule(row) };
        return ok(request, null);
      },
    );

    // ---- warning rules
    app.post(
      `${WARN_RULE}/page`,
      {
        config: { permission: 'product.warnRule:query', audit: false },
        schema: {
          tags: TAG,
          body: warnRulePageSchema,
          response: okSchema(pageResponseSchema(warnRuleSchema)),
        },
      },
      async (request) => {
        const { rows, totalCount } = await rules.warnRulePage(request.body);
        return ok(request, { data: rows.map(presentWarnRule), start: request.body.start, totalCount });
      },
    );
    app.get(
      `${WARN_RULE}/list`,
      {
        config: { permission: 'product.warnRule:query' },
        schema: { tags: TAG, response: okSchema(z.array(warnRuleSchema)) },
      },
      async (request) => ok(request, (await rules.warnRules()).map(presentWarnRule)),
    );
    app.get(
      `${WARN_RULE}/detail`,
      {
        config: { permission: 'product.warnRule:query' },
        schema: { tags: TAG, querystring: alarmIdQuerySchema, response: okSchema(warnRuleSchema) },
      },
      async (request) => ok(request, presentWarnRule(await rules.warnRule(request.query.id))),
    );
    app.post(
      `${WARN_RULE}/insert`,
      {
        config: { permission: 'product.warnRule:add', action: 'warnRule.insert' },
        schema: { tags: TAG, body: warnRuleInsertSchema, response: okSchema(warnRuleSchema) },
      },
      async (request) => {
        const row = presentWarnRule(await rules.insertWarnRule(request.body));
        request.auditNote = { entityType: 'warnRule', entityId: row.id, newValue: row };
        return ok(request, row);
      },
    );
    app.put(
      `${WARN_RULE}/update`,
      {
        config: { permission: 'product.warnRule:edit', action: 'warnRule.update' },
        schema: { tags: TAG, body: warnRuleUpdateSchema, response: okSchema(warnRuleSchema) },
      },
      async (request) => {
        const { before, after } = await rules.updateWarnRule(request.body);
        request.auditNote = {
          entityType: 'warnRule',
          entityId: after.id,
          oldValue: presentWarnRule(before),
          newValue: presentWarnRule(after),
        };
        return ok(request, presentWarnRule(after));
      },
    );
    app.delete(
      `${WARN_RULE}/delete`,
      {
        config: { permission: 'product.warnRule:delete', action: 'warnRule.delete' },
        schema: { tags: TAG, querystring: idParamSchema, response: okSchema(z.null()) },
      },
      async (request) => {
        const row = await rules.deleteWarnRule(request.query.id);
        request.auditNote = { entityType: 'warnRule', entityId: row.id, oldValue: presentWarnRule(row) };
        return ok(request, null);
      },
    );

    // ---- message templates
    app.post(
      `${TEMPLATE}/page`,
      {
        config: { permission: 'product.messageTemplate:query', audit: false },
        schema: {
          tags: TAG,
          body: messageTemplatePageSchema,
          response: okSchema(pageResponseSchema(messageTemplateSchema)),
        },
      },
      async (request) => {
        const { rows, totalCount } = await rules.templatePage(request.body);
        return ok(request, { data: rows.map(presentTemplate), start: request.body.start, totalCount });
      },
    );
    app.get(
      `${TEMPLATE}/list`,
      {
        config: { permission: 'product.messageTemplate:query' },
        schema: { tags: TAG, response: okSchema(z.array(messageTemplateSchema)) },
      },
      async (request) => ok(request, (await rules.templates()).map(presentTemplate)),
    );
    app.get(
      `${TEMPLATE}/placeholders`,
      {
        config: { permission: 'product.messageTemplate:query' },
        schema: { tags: TAG, response: okSchema(z.array(z.string())) },
      },
      async (request) => ok(request, [...ALARM_TEMPLATE_PLACEHOLDERS]),
    );
    app.get(
      `${TEMPLATE}/detail`,
      {
        config: { permission: 'product.messageTemplate:query' },
        schema: { tags: TAG, querystring: alarmIdQuerySchema, response: okSchema(messageTemplateSchema) },
      },
      async (request) => ok(request, presentTemplate(await rules.template(request.query.id))),
    );
    app.post(
      `${TEMPLATE}/insert`,
      {
        config: { permission: 'product.messageTemplate:add', action: 'messageTemplate.insert' },
        schema: { tags: TAG, body: messageTemplateInsertSchema, response: okSchema(messageTemplateSchema) },
      },
      async (request) => {
        const row = presentTemplate(await rules.insertTemplate(request.body));
        request.auditNote = { entityType: 'messageTemplate', entityId: row.id, newValue: row };
        return ok(request, row);
      },
    );
    app.put(
      `${TEMPLATE}/update`,
      {
        config: { permission: 'product.messageTemplate:edit', action: 'messageTemplate.update' },
        schema: { tags: TAG, body: messageTemplateUpdateSchema, response: okSchema(messageTemplateSchema) },
      },
      async (request) => {
        const { before, after } = await rules.updateTemplate(request.body);
        request.auditNote = {
          entityType: 'messageTemplate',
          entityId: after.id,
          oldValue: presentTemplate(before),
          newValue: presentTemplate(after),
        };
        return ok(request, presentTemplate(after));
      },
    );
    app.delete(
      `${TEMPLATE}/delete`,
      {
        config: { permission: 'product.messageTemplate:delete', action: 'messageTemplate.delete' },
        schema: { tags: TAG, querystring: idParamSchema, response: okSchema(z.null()) },
      },
      async (request) => {
        const row = await rules.deleteTemplate(request.query.id);
        request.auditNote = {
          entityType: 'messageTemplate',
          entityId: row.id,
          oldValue: presentTemplate(row),
        };
        return ok(request, null);
      },
    );

    // ---- push configuration of a device (device.list or operation.device, checked per device)
    app.get(
      `${PUSH_CONFIG}/:deviceId`,
      { schema: { tags: TAG, params: pushConfigParamsSchema, response: okSchema(pushConfigSchema) } },
      async (request) => ok(request, await pushConfigs.get(callerOf(request), request.params.deviceId)),
    );
    app.put(
      `${PUSH_CONFIG}/:deviceId`,
      {
        config: { action: 'device.pushConfig' },
        schema: {
          tags: TAG,
          params: pushConfigParamsSchema,
          body: pushConfigUpdateSchema,
          response: okSchema(pushConfigSchema),
        },
      },
      async (request) => {
        const { before, after } = await pushConfigs.update(
          callerOf(request),
          request.params.deviceId,
          request.body,
        );
        request.auditNote = {
          entityType: 'device',
          entityId: after.deviceId,
          oldValue: before,
          newValue: after,
        };
        return ok(request, after);
      },
    );
  };
}
