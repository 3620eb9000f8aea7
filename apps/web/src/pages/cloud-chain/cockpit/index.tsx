import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { orgKeys, projectApi, useProject } from '../../../api/org.ts';
import { DeviceTable } from '../../organization/components/DeviceTable.tsx';
import { CloudProjectBar } from '../components/CloudProjectBar.tsx';

function Cockpit({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const project = useProject(projectId);
  const counts = project.data?.counts;
  return (
    <>
      <Row gutter={[16, 16]}>
        {(['total', 'online', 'offline', 'alarm', 'disabled'] as const).map((k) => (
          <Col key={k} xs={12} md={8} xl={4}>
            <Card size="small">
              <Statistic
                title={t(`project.states.${k}`)}
                value={counts?.[k] ?? 0}
                data-testid={`cockpit-${k}`}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title={project.data?.projectName}>
        <DeviceTable
          ownerId={projectId}
          queryKey={[...orgKeys.projects, 'devices']}
          fetchPage={projectApi.devicePage}
          testId="cockpit-devices"
        />
      </Card>
    </>
  );
}

/** /cockpit/index: the project at a glance, its devices by state and their list. */
export default function CockpitPage() {
  return (
    <CloudProjectBar>{({ projectId }) => <Cockpit key={projectId} projectId={projectId} />}</CloudProjectBar>
  );
}
