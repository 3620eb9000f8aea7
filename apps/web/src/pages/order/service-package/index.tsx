import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ItemsPanel } from './ItemsPanel.tsx';
import { PackageEditor } from './PackageEditor.tsx';
import { PackageList } from './PackageList.tsx';
import { SmsPanel } from './SmsPanel.tsx';

/**
 * The back office's service catalogue (001 §2.6 /service/package/{id?}): packages with their levels,
 * year rows, items, free package and device types; service items; SMS and voice packages. With an id
 * (or "new") the page edits one package.
 */
export default function ServicePackagePage() {
  const { t } = useTranslation();
  const { id } = useParams();
  if (id) return <PackageEditor id={id === 'new' ? null : Number(id)} />;
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'packages', label: t('servicePackageAdmin.tabs.packages'), children: <PackageList /> },
        { key: 'items', label: t('servicePackageAdmin.tabs.items'), children: <ItemsPanel /> },
        { key: 'sms', label: t('servicePackageAdmin.tabs.sms'), children: <SmsPanel /> },
      ]}
    />
  );
}
