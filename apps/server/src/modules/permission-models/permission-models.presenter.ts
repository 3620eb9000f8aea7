import type { PermissionItem, PermissionModel } from '@coldchain/shared';
import type { PermissionModelRow } from './permission-models.repo.ts';

export function presentPermissionModel(row: PermissionModelRow, usedBy: number): PermissionModel {
  return {
    id: row.id,
    name: row.name,
    deviceTypeId: row.deviceTypeId,
    typeName: row.typeName,
    items: JSON.parse(row.items) as PermissionItem[],
    usedBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
