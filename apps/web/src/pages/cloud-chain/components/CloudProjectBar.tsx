import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Select, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { orgKeys, projectApi, useProjectOverview } from '../../../api/org.ts';
import { useCloudProject } from '../cloud-project.ts';

export interface CloudScope {
  projectId: number;
  /** The project's devices the caller may see (at most PAGE_SIZE_MAX). */
  devices: { id: number; deviceName: string; deviceGuid: string }[];
}

const DEVICES_MAX = 200;

/**
 * The head of every cloud-chain view: the project shown (from the address or the session, changeable
 * here), then the view itself with the project's devices.
 */
export function CloudProjectBar({ children }: { children: (scope: CloudScope) => ReactNode }) {
  const { t } = useTranslation();
  const [projectId, setProjectId] = useCloudProject();
  const projects = useProjectOverview();
  const devices = useQuery({
    queryKey: [...orgKeys.projects, 'devices', projectId, 'all'],
    queryFn: ({ signal }) =>
      projectApi.devicePage({ id: projectId as number, start: 1, pageSize: DEVICES_MAX }, signal),
    enabled: projectId !== null,
  });
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <Typography.Text strong>{t('cloud.project')}</Typography.Text>
          <Select
            style={{ minWidth: 240 }}
            value={projectId ?? undefined}
            placeholder={t('cloud.chooseProject')}
            aria-label={t('cloud.project')}
            loading={projects.isFetching}
            onChange={(id: number) => setProjectId(id)}
            options={(projects.data ?? []).map((p) => ({ value: p.id, label: p.projectName }))}
            data-testid="cloud-project"
          />
        </Space>
      </Card>
      {projectId === null ? (
        <Empty description={t('cloud.chooseProject')} />
      ) : (
        children({ projectId, devices: devices.data?.data ?? [] })
      )}
    </Space>
  );
}

/** A device of the project to look at; the first one until another is chosen. */
export function DeviceSelect({
  devices,
  value,
  onChange,
}: {
  devices: CloudScope['devices'];
  value: number | null;
  onChange: (id: number) => void;
}) {
  const { t } = useTranslation();
  if (devices.length === 0) return <Empty description={t('cloud.noDevices')} />;
  return (
    <Select
      style={{ minWidth: 240 }}
      value={value ?? undefined}
      onChange={onChange}
      showSearch={{ optionFilterProp: 'label' }}
      aria-label={t('alarms.fields.device')}
      options={devices.map((d) => ({ value: d.id, label: `${d.deviceName} (${d.deviceGuid})` }))}
      data-testid="cloud-device"
    />
  );
}
