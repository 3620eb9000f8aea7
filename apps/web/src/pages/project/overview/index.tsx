import { Card, Col, Empty, Row, Spin, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useProjectOverview } from '../../../api/org.ts';
import { openCloud } from '../../cloud-chain/cloud-project.ts';

/** /projectOverview/index (scene 2): every project as a card of its device counts; a card opens its views. */
export default function ProjectOverviewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const overview = useProjectOverview();
  if (overview.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  const projects = overview.data ?? [];
  if (projects.length === 0) return <Empty description={t('project.empty')} />;
  return (
    <Row gutter={[16, 16]}>
      {projects.map((p) => (
        <Col key={p.id} xs={24} md={12} xl={8}>
          <Card
            hoverable
            title={p.projectName}
            onClick={() => navigate(openCloud(p.id, 1))}
            data-testid={`overview-${p.id}`}
          >
            <Row gutter={8}>
              {(['total', 'online', 'offline', 'alarm', 'disabled'] as const).map((k) => (
                <Col key={k} span={k === 'total' ? 24 : 6}>
                  <Statistic title={t(`project.states.${k}`)} value={p.counts[k]} />
                </Col>
              ))}
            </Row>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
