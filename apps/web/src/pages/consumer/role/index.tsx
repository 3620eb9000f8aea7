import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PermissionModelsPanel } from '../permission-models/PermissionModelsPanel.tsx';
import { RolesPanel } from './RolesPanel.tsx';

/**
 * /consumer/role: the enterprise account's own roles with their permission tree, and the permission
 * templates it applies to shares and organization members (002 §6).
 */
export default function ConsumerRolePage() {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        { key: 'roles', label: t('roles.tabRoles'), children: <RolesPanel view="console" /> },
        { key: 'templates', label: t('roles.tabTemplates'), children: <PermissionModelsPanel /> },
      ]}
    />
  );
}
