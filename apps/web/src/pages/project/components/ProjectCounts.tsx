import type { ProjectCounts as Counts } from '@coldchain/shared';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** A project's devices by state. */
export function ProjectCounts({ counts }: { counts: Counts }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      <Tag>{t('project.counts.total', { n: counts.total })}</Tag>
      <Tag color="green">{t('project.counts.online', { n: counts.online })}</Tag>
      <Tag>{t('project.counts.offline', { n: counts.offline })}</Tag>
      <Tag color="red">{t('project.counts.alarm', { n: counts.alarm })}</Tag>
      <Tag color="default">{t('project.counts.disabled', { n: counts.disabled })}</Tag>
    </Space>
  );
}
