import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES } from '@coldchain/shared';
import type { FastifyInstance, FastifyServerOptions, RouteOptions } from 'fastify';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hasKey } from '../../i18n/i18n.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import type { BatchOperation } from '../devices/devices.service.ts';
import { actionName, actionsNamedLike } from './action-names.ts';

/** Every route the app registers, seen as it is added, with what it tells the audit hook. */
const routes = vi.hoisted(() => [] as { method: string; url: string; action?: string; audit?: false }[]);
vi.mock('fastify', async (importOriginal) => {
  const real = await importOriginal<typeof import('fastify')>();
  const watched = (options?: FastifyServerOptions): FastifyInstance => {
    const app = real.default(options);
    app.addHook('onRoute', (route: RouteOptions) => {
      const config = route.config as { action?: string; audit?: false } | undefined;
      for (const method of [route.method].flat())
        routes.push({ method, url: route.url, action: config?.action, audit: config?.audit });
    });
    return app;
  };
  return { ...real, default: watched };
});

const SERVER_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The batch operations a device service entry names as `device.${op}`; tsc fails when one is missing. */
const BATCH_OPERATIONS = ['enable', 'stop', 'scrap', 'delete', 'export'] as const;
const everyBatchOperation: [Exclude<BatchOperation, (typeof BATCH_OPERATIONS)[number]>] extends [never]
  ? true
  : never = true;

/**
 * Entries whose action is computed, by the source text of the action, with every value it takes.
 * The audit hook writes each route's configured action, which the route test covers.
 */
const COMPUTED: Record<string, readonly string[]> = {
  'config.action ?? `${request.method} ${request.routeOptions.url}`': [],
  '`device.${op}`': BATCH_OPERATIONS.map((op) => `device.${op}`),
};
/** Sources that write entries no reader sees: the worker that fills the log in the concurrency test. */
const NOT_READ = new Set(['audit/append-worker.ts']);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/**
 * The actions every `….audit.append(entry)` call in the server sources writes: literal actions as
 * they are, computed ones through COMPUTED. Anything else is reported so it cannot go unnamed.
 */
function writtenActions(): { actions: Set<string>; unresolved: string[] } {
  const actions = new Set<string>();
  const unresolved: string[] = [];
  for (const file of sourceFiles(SERVER_SRC)) {
    const relative = path.relative(SERVER_SRC, file);
    if (NOT_READ.has(relative)) continue;
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const where = (node: ts.Node) =>
      `${relative}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === 'append' &&
        /(^|\.)audit$/.test(node.expression.expression.getText(source))
      ) {
        const [entry] = node.arguments;
        const action =
          entry && ts.isObjectLiteralExpression(entry)
            ? entry.properties.find(
                (p): p is ts.PropertyAssignment =>
                  ts.isPropertyAssignment(p) && p.name.getText(source) === 'action',
              )?.initializer
            : undefined;
        if (!action) unresolved.push(`${where(node)} passes no literal entry with an action`);
        else if (ts.isStringLiteral(action) || ts.isNoSubstitutionTemplateLiteral(action))
          actions.add(action.text);
        else {
          const values = COMPUTED[action.getText(source)];
          if (values) for (const value of values) actions.add(value);
          else unresolved.push(`${where(action)} computes its action: ${action.getText(source)}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { actions, unresolved };
}

const unnamed = (actions: Iterable<string>) =>
  LOCALES.flatMap((locale) =>
    [...actions].filter((a) => !hasKey(locale, `actions.${a}`)).map((a) => `${locale} ${a}`),
  );

describe('operation-log action names', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('every change a route logs names its action, and every locale has that name', () => {
    const logged = routes.filter((r) => MUTATING.has(r.method) && r.audit !== false);
    expect(logged.length).toBeGreaterThan(100);
    expect(logged.filter((r) => !r.action).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    expect(unnamed(new Set(logged.map((r) => r.action ?? '')))).toEqual([]);
  });

  it('every entry a service writes itself has a name in every locale', () => {
    expect(everyBatchOperation).toBe(true);
    const { actions, unresolved } = writtenActions();
    expect(unresolved).toEqual([]);
    expect(actions).toContain('account.loginFailed');
    expect(actions).toContain('device.transfer');
    expect(unnamed(actions)).toEqual([]);
  });

  it('falls back to the key for an action without a name', () => {
    expect(actionName('en-US', 'notice.delete')).toBe('Notice deleted');
    expect(actionName('zh-CN', 'notice.delete')).toBe('删除公告');
    expect(actionName('en-US', 'legacy.retired')).toBe('legacy.retired');
    expect(actionName('en-US', 'device')).toBe('device');
    expect(actionName('en-US', 'POST /api/base/Legacy/insert')).toBe('POST /api/base/Legacy/insert');
  });

  it('finds actions by their name in the reader language, ignoring case', () => {
    expect(actionsNamedLike('en-US', 'NOTICE DEL')).toEqual(['notice.delete']);
    expect(actionsNamedLike('zh-CN', '删除公告')).toEqual(['notice.delete']);
    expect(actionsNamedLike('de-DE', 'zzz-none')).toEqual([]);
  });
});
