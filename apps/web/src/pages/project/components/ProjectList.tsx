import type { Project } from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Popconfirm, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { orgKeys, projectApi } from '../../../api/org.ts';
import { toastSuccess } from '../../../app/feedback.ts';
import { useAccess } from '../../../app/use-access.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { openCloud } from '../../cloud-chain/cloud-project.ts';
import { formatLocal } from '../../organization/components/format.ts';
import { ProjectCounts } from './ProjectCounts.tsx';
import { ProjectForm } from './ProjectForm.tsx';

/**
 * The caller's projects with their device counts. Scene 1 (/project/list) and scene 2
 * (/projectList/index) show the same list; scene 2 also opens a project's cloud-chain views.
 */
export function ProjectList({ scene }: { scene: 1 | 2 }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const access = useAccess();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Project | 'new' | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: orgKeys.projects });

  const columns: ColumnsType<Project> = [
    {
      dataIndex: 'projectName',
      title: t('project.fields.projectName'),
      render: (name: string, row) => (
        <Link to={`/projectList/detail/${row.id}`} data-testid={`project-${row.id}`}>
          {name}
        </Link>
      ),
    },
    {
      key: 'counts',
      title: t('project.fields.devices'),
      render: (_: unknown, row) => <ProjectCounts counts={row.counts} />,
    },
    { dataIndex: 'createdAt', title: t('org.fields.createdAt'), render: formatLocal },
    {
      key: 'actions',
      title: t('org.common.actions'),
      render: (_: unknown, row) => (
        <Space wrap>
          {scene === 2 ? (
            <Button size="small" type="primary" onClick={() => navigate(openCloud(row.id, 0))}>
              {t('project.actions.openCloud')}
            </Button>
          ) : null}
          {access.action('edit') ? (
            <Button size="small" onClick={() => setEditing(row)}>
              {t('project.actions.rename')}
            </Button>
          ) : null}
          {access.action('delete') ? (
            <Popconfirm
              title={t('project.actions.deleteConfirm')}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
              onConfirm={async () => {
                await projectApi.remove(row.id);
                toastSuccess('delete');
                await refresh();
              }}
            >
              <Button size="small" danger>
                {t('org.actions.delete')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<Project>
        queryKey={[...orgKeys.projects, 'page']}
        fetchPage={(request, signal) => projectApi.page(request, signal)}
        columns={columns}
        rowKey="id"
        filters={
          <Form.Item name="projectName" label={t('project.fields.projectName')}>
            <Input allowClear />
          </Form.Item>
        }
        toolbar={() =>
          access.action('add') ? (
            <Button type="primary" onClick={() => setEditing('new')} data-testid="project-add">
              {t('project.actions.add')}
            </Button>
          ) : null
        }
      />
      <ProjectForm
        open={editing !== null}
        {...(editing && editing !== 'new' ? { initialName: editing.projectName } : {})}
        onClose={() => setEditing(null)}
        onSubmit={async (projectName) => {
          if (editing && editing !== 'new') await projectApi.update(editing.id, projectName);
          else await projectApi.insert({ projectName });
          toastSuccess(editing === 'new' ? 'add' : 'edit');
          setEditing(null);
          await refresh();
        }}
      />
    </>
  );
}
