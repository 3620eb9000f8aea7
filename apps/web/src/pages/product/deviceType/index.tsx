import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ModelList } from './ModelList.tsx';
import { TypeList } from './TypeList.tsx';

const TABS = ['types', 'models'] as const;
type TabKey = (typeof TABS)[number];
const isTab = (value: string | null): value is TabKey => TABS.includes(value as TabKey);

/**
 * /product/deviceType: device types and, beside them, model codes. The route table has no page of
 * its own for model codes, which share the device type permission (decisions), so they are a tab
 * here; the tab is kept in the query so a reload or a tab of the shell reopens it.
 */
export default function DeviceTypePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab');
  const active: TabKey = isTab(tab) ? tab : 'types';
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => setParams(key === 'types' ? {} : { tab: key }, { replace: true })}
      destroyOnHidden
      items={[
        { key: 'types', label: t('catalogue.type.tabTypes'), children: <TypeList /> },
        { key: 'models', label: t('catalogue.type.tabModels'), children: <ModelList /> },
      ]}
    />
  );
}
