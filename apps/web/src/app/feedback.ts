import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';
import i18next from 'i18next';

type NoticeKind = 'success' | 'info' | 'warning' | 'error';

interface Notice {
  kind: NoticeKind;
  title: string;
  description: string | undefined;
  seconds: number | undefined;
}

let bound: NotificationInstance | null = null;
let boundMessage: MessageInstance | null = null;
let boundModal: ModalApi | null = null;
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

export function bindMessage(api: MessageInstance | null): void {
  boundMessage = api;
}

/** Bound by the signed-in layouts, which already carry antd's Modal. */
export function bindModal(api: ModalApi | null): void {
  boundModal = api;
}

export function notify(kind: NoticeKind, title: string, description?: string, seconds?: number): void {
  const notice = { kind, title, description, seconds };
  if (bound) show(bound, notice);
  else pending.push(notice);
}

/** A short message at the top of the page (tab rules, scene refusal, selection rules). */
export function flash(kind: 'success' | 'info' | 'warning' | 'error', text: string): void {
  if (boundMessage) void boundMessage[kind](text);
  else notify(kind, text);
}

/** The success toasts of 002 §8. */
export type ToastKind =
  | 'add'
  | 'edit'
  | 'save'
  | 'delete'
  | 'export'
  | 'bind'
  | 'unbind'
  | 'transfer'
  | 'share'
  | 'pay'
  | 'refund'
  | 'recharge';

export function toastSuccess(kind: ToastKind): void {
  flash('success', i18next.t(`toast.${kind}`));
}

/** The confirm prompts of 002 §8 (delete, refund, reset password, upgrade, batch execution, logout). */
export type ConfirmKind = 'delete' | 'refund' | 'resetPassword' | 'upgrade' | 'batch';

export interface ConfirmOptions {
  kind?: ConfirmKind;
  title?: string;
  content?: string;
  /** Runs on OK; the dialog stays open (OK spinning) until it settles. */
  onOk?: () => Promise<unknown> | undefined;
}

/** Asks first; answers whether the user confirmed. */
export function confirmPrompt(options: ConfirmOptions): Promise<boolean> {
  const title = options.title ?? i18next.t('common.confirmTitle');
  const content = options.content ?? (options.kind ? i18next.t(`confirm.${options.kind}`) : undefined);
  if (!boundModal) return Promise.resolve(window.confirm([title, content].filter(Boolean).join('\n')));
  const api = boundModal;
  return new Promise((resolve) => {
    api.confirm({
      title,
      content,
      okText: i18next.t('common.ok'),
      cancelText: i18next.t('common.cancel'),
      onOk: async () => {
        await options.onOk?.();
        resolve(true);
      },
      onCancel: () => resolve(false),
    });
  });
}
