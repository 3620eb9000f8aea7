import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Result, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { orgKeys, projectApi, useProject } from '../../../api/org.ts';
import { useAccess } from '../../../app/use-access.ts';
import { openCloud } from '../../cloud-chain/cloud-project.ts';
import { DeviceTable } from '../../organization/components/DeviceTable.tsx';
import { ProjectCounts } from '../components/ProjectCounts.tsx';

/** /projectList/detail/:id: a project's device counts and devices, with binding for those who edit. */
export default function ProjectDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const access = useAccess();
  const id = Number(useParams().id);
  const project = useProject(id);
  if (project.isPending && project.fetchStatus !== 'idle')
    return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!project.data)
    return (
      <Result
        status="warning"
        title={t('project.notFound')}
        extra={<Button onClick={() => navigate('/projectList/index')}>{t('project.backToList')}</Button>}
      />
    );
  const canEdit = access.action('edit');
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space wrap>
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              aria-label={t('project.backToList')}
              onClick={() => navigate(-1)}
            />
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="project-title">
              {project.data.projectName}
            </Typography.Title>
            <ProjectCounts counts={project.data.counts} />
          </Space>
          <Button type="primary" onClick={() => navigate(openCloud(id, 0))}>
            {t('project.actions.openCloud')}
          </Button>
        </Space>
      </Card>
      <Card size="small" title={t('project.fields.devices')}>
        <DeviceTable
          ownerId={id}
          queryKey={[...orgKeys.projects, 'devices']}
          fetchPage={projectApi.devicePage}
          testId="project-devices"
          {...(canEdit
            ? {
                bind: (deviceIds: number[]) => projectApi.bindDevices({ id, deviceIds }),
                unbind: (deviceIds: number[]) => projectApi.unbindDevices({ id, deviceIds }),
              }
            : {})}
        />
      </Card>
    </Space>
  );
}
