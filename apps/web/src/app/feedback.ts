import type { NotificationInstance } from 'antd/es/notification/interface';

type NoticeKind = 'success' | 'info' | 'warning' | 'error';

interface Notice {
  kind: NoticeKind;
  title: string;
  description: string | undefined;
  seconds: number | undefined;
}

let bound: NotificationInstance | null = null;
const pending: Notice[] = [];

function show(api: NotificationInstance, notice: Notice): void {
  api[notice.kind]({ title: notice.title, description: notice.description, duration: notice.seconds });
}

/**
 * Code outside React (the http client, the session) shows notices through the instance of antd's
 * <App>, so they follow the tenant theme and the language; notices raised before it mounts wait.
 */
export function bindNotification(api: NotificationInstance | null): void {
  bound = api;
  if (!api) return;
  for (const notice of pending.splice(0)) show(api, notice);
}

export function notify(kind: NoticeKind, title: string, description?: string, seconds?: number): void {
  const notice = { kind, title, description, seconds };
  if (bound) show(bound, notice);
  else pending.push(notice);
}
