import type { Locale, PermissionKey } from '@coldchain/shared';
import type { Selectable } from 'kysely';
import type { AppContext } from './context.ts';
import type { AccountTable, PlatformTable, SessionTable } from './db/database.ts';
import type { Translate } from './i18n/i18n.ts';
import type { Ingest } from './ingest/ingest.ts';

export interface AuthState {
  account: Selectable<AccountTable>;
  session: Selectable<SessionTable>;
  permissions: readonly string[];
}

/** What a route tells the audit hook about the entity it changed. */
export interface AuditNote {
  entityType: string;
  entityId?: string | number | null;
  oldValue?: unknown;
  newValue?: unknown;
  /** The acting account when it is not the session's (login, register). */
  actor?: { id: number; name: string; platformId: number };
  /** Set when the service already wrote the entry inside its own transaction. */
  recorded?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Device ingest: writer, transports, command delivery (ingest/ingest.ts). */
    ingest: Ingest;
  }
  interface FastifyRequest {
    locale: Locale;
    t: Translate;
    platform: Selectable<PlatformTable>;
    auth: AuthState | null;
    auditNote: AuditNote | null;
  }
  interface FastifyContextConfig {
    /** public: no session needed; optional: a session is read when present; default: required. */
    access?: 'public' | 'optional';
    /** Permission key checked for the caller (HTTP 403 otherwise). */
    permission?: PermissionKey;
    /** Name of the action in the operation log; defaults to the route path. */
    action?: string;
    /** false for POST calls that only read (paged queries), which write no log entry. */
    audit?: false;
  }
}
