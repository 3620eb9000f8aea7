import type {
  AlarmHandle,
  AlarmHandleResult,
  AlarmMessage,
  AlarmMessagePageRequest,
  AlarmRule,
  AlarmRuleInsert,
  AlarmRulePageRequest,
  AlarmRuleUpdate,
  MessageTemplate,
  MessageTemplateInsert,
  MessageTemplatePageRequest,
  MessageTemplateUpdate,
  PageResponse,
  PushConfig,
  PushConfigUpdate,
  WarnRule,
  WarnRuleInsert,
  WarnRulePageRequest,
  WarnRuleUpdate,
} from '@coldchain/shared';
import { useQuery } from '@tanstack/react-query';
import { alarmKeys as badgeKeys } from './alarms.ts';
import { http } from './http.ts';

/**
 * Alarms and the message centre (issue 5): alarm and warning rules, message templates, a device's
 * push configuration and alarm messages with their handling. Paths as packages/shared/src/schemas/alarm.ts
 * lists them, under /api.
 */

const ALARM_RULE = '/device/DeviceAlarmRule';
const WARN_RULE = '/device/DeviceWarnRule';
/** The spec's own spelling (002 §7). */
const TEMPLATE = '/device/DeviceMessageTemlate';
const DEVICE = '/device/Device';
const MESSAGE = '/device/alarm';

export const alarmQueryKeys = {
  rules: ['alarm', 'rules'] as const,
  warnRules: ['alarm', 'warnRules'] as const,
  templates: ['alarm', 'templates'] as const,
  pushConfig: (deviceId: number) => ['alarm', 'pushConfig', deviceId] as const,
  /** Every list of alarm messages (message centre, device alarm record, back office). */
  messages: ['alarm', 'messages'] as const,
  /** The header badge's count; handling or reading a message changes it. */
  count: badgeKeys.count,
};

export const alarmRuleApi = {
  page: (request: AlarmRulePageRequest, signal: AbortSignal) =>
    http.post<PageResponse<AlarmRule>>(`${ALARM_RULE}/page`, request, { signal }),
  /** Quiet: the form shows the server's message under the field it names. */
  insert: (body: AlarmRuleInsert) => http.post<AlarmRule>(`${ALARM_RULE}/insert`, body, { quiet: true }),
  update: (body: AlarmRuleUpdate) => http.put<AlarmRule>(`${ALARM_RULE}/update`, body, { quiet: true }),
  remove: (id: number) => http.delete<null>(`${ALARM_RULE}/delete`, { params: { id } }),
};

export const warnRuleApi = {
  page: (request: WarnRulePageRequest, signal: AbortSignal) =>
    http.post<PageResponse<WarnRule>>(`${WARN_RULE}/page`, request, { signal }),
  insert: (body: WarnRuleInsert) => http.post<WarnRule>(`${WARN_RULE}/insert`, body, { quiet: true }),
  update: (body: WarnRuleUpdate) => http.put<WarnRule>(`${WARN_RULE}/update`, body, { quiet: true }),
  remove: (id: number) => http.delete<null>(`${WARN_RULE}/delete`, { params: { id } }),
};

export const templateApi = {
  page: (request: MessageTemplatePageRequest, signal: AbortSignal) =>
    http.post<PageResponse<MessageTemplate>>(`${TEMPLATE}/page`, request, { signal }),
  list: (signal?: AbortSignal) => http.get<MessageTemplate[]>(`${TEMPLATE}/list`, { signal }),
  insert: (body: MessageTemplateInsert) =>
    http.post<MessageTemplate>(`${TEMPLATE}/insert`, body, { quiet: true }),
  update: (body: MessageTemplateUpdate) =>
    http.put<MessageTemplate>(`${TEMPLATE}/update`, body, { quiet: true }),
  remove: (id: number) => http.delete<null>(`${TEMPLATE}/delete`, { params: { id } }),
};

/** Templates to pick from in the rule forms; asked for only by pages allowed to read them. */
export function useTemplateOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...alarmQueryKeys.templates, 'all'],
    queryFn: ({ signal }) => templateApi.list(signal),
    enabled,
    staleTime: 30_000,
  });
}

export const pushConfigApi = {
  get: (deviceId: number, signal?: AbortSignal) =>
    http.get<PushConfig>(`${DEVICE}/pushConfig/${deviceId}`, { signal }),
  /** Quiet: the tab shows the server's message under the field it names. */
  update: (deviceId: number, body: PushConfigUpdate) =>
    http.put<PushConfig>(`${DEVICE}/pushConfig/${deviceId}`, body, { quiet: true }),
};

export function usePushConfig(deviceId: number) {
  return useQuery({
    queryKey: alarmQueryKeys.pushConfig(deviceId),
    queryFn: ({ signal }) => pushConfigApi.get(deviceId, signal),
  });
}

export const alarmMessageApi = {
  page: (request: AlarmMessagePageRequest, signal: AbortSignal) =>
    http.post<PageResponse<AlarmMessage>>(`${MESSAGE}/page`, request, { signal }),
  /** The back office's list (operation.alarm): every account's messages on the operator's platform. */
  sysPage: (request: AlarmMessagePageRequest, signal: AbortSignal) =>
    http.post<PageResponse<AlarmMessage>>(`${MESSAGE}/sysPage`, request, { signal }),
  detail: (id: number, signal?: AbortSignal) =>
    http.get<AlarmMessage>(`${MESSAGE}/detail`, { params: { id }, signal }),
  /** Quiet: the handling dialog shows the server's message itself. */
  handle: (body: AlarmHandle) => http.put<AlarmHandleResult>(`${MESSAGE}/handle`, body, { quiet: true }),
};
