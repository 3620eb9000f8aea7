import {
  DATA_PUSH_TYPES,
  type DataPushConfig,
  type DataPushConfigDetail,
  type DataPushType,
} from '@coldchain/shared';
import type { DataPushConfigRow } from './data-push.repo.ts';

const isPushType = (value: string): value is DataPushType =>
  (DATA_PUSH_TYPES as readonly string[]).includes(value);

export function presentDataPushConfig(row: DataPushConfigRow): DataPushConfig {
  return {
    id: row.id,
    accountId: row.accountId,
    userName: row.userName,
    configName: row.configName,
    pushUrl: row.pushUrl,
    pushTypes: row.pushTypes.split(',').filter(isPushType),
    enabled: row.enabled === 1 ? 1 : 0,
    allowPrivate: row.allowPrivate === 1 ? 1 : 0,
    remark: row.remark,
    secretHint: `${row.secret.slice(0, 4)}…`,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The detail, the only answer carrying the secret (operators hand it to the receiver's owner). */
export function presentDataPushConfigDetail(row: DataPushConfigRow): DataPushConfigDetail {
  return { ...presentDataPushConfig(row), secret: row.secret };
}
