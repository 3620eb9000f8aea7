import { ApartmentOutlined, PlusOutlined } from '@ant-design/icons';
import type { OrganizationNode } from '@coldchain/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Popconfirm,
  Row,
  Space,
  Tabs,
  Tag,
  Tree,
  Typography,
} from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { organizationApi, orgKeys, useOrganizationTree } from '../../../api/org.ts';
import { toastSuccess } from '../../../app/feedback.ts';
import { useAccess } from '../../../app/use-access.ts';
import { DeviceTable } from '../components/DeviceTable.tsx';
import { formatLocal } from '../components/format.ts';
import { Members } from '../components/Members.tsx';
import { MyInvitations } from '../components/MyInvitations.tsx';
import { OrgAssets } from '../components/OrgAssets.tsx';
import { OrganizationForm } from '../components/OrganizationForm.tsx';

type Naming =
  | { kind: 'root' }
  | { kind: 'child'; parentId: number }
  | { kind: 'rename'; id: number; name: string };

function flatten(nodes: OrganizationNode[]): OrganizationNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

/**
 * /organization/list (002 §2, §3, §6): the organizations the caller created, belongs to or manages,
 * as a tree; the chosen one with its members and devices. Invitations waiting for the caller come
 * first, to accept or decline.
 */
export default function OrganizationListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const access = useAccess();
  const tree = useOrganizationTree();
  const [selected, setSelected] = useState<number | null>(null);
  const [naming, setNaming] = useState<Naming | null>(null);
  const all = useMemo(() => flatten(tree.data ?? []), [tree.data]);
  const currentId = selected ?? all[0]?.id ?? null;
  const detail = useQuery({
    queryKey: orgKeys.detail(currentId ?? 0),
    queryFn: ({ signal }) => organizationApi.detail(currentId as number, signal),
    enabled: currentId !== null,
  });
  const org = detail.data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: orgKeys.organizations });

  const treeData = (nodes: OrganizationNode[]): DataNode[] =>
    nodes.map((n) => ({
      key: n.id,
      title: (
        <span data-testid={`org-node-${n.id}`}>
          {n.name} <Typography.Text type="secondary">({n.deviceCount})</Typography.Text>
        </span>
      ),
      children: treeData(n.children),
    }));

  const submitName = async (name: string) => {
    if (!naming) return;
    if (naming.kind === 'rename') {
      await organizationApi.update(naming.id, name);
      toastSuccess('edit');
    } else {
      const created = await organizationApi.insert({
        name,
        ...(naming.kind === 'child' ? { parentId: naming.parentId } : {}),
      });
      setSelected(created.id);
      toastSuccess('add');
    }
    setNaming(null);
    await refresh();
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <MyInvitations />
      <Row gutter={16}>
        <Col xs={24} md={8} lg={6}>
          <Card
            size="small"
            title={t('route.organization.list')}
            extra={
              access.action('add') ? (
                <Button
                  size="small"
                  icon={<PlusOutlined />}
                  onClick={() => setNaming({ kind: 'root' })}
                  data-testid="org-add-root"
                >
                  {t('org.actions.add')}
                </Button>
              ) : null
            }
          >
            {all.length === 0 ? (
              <Empty description={t('org.empty')} />
            ) : (
              <Tree
                showLine
                defaultExpandAll
                icon={<ApartmentOutlined />}
                selectedKeys={currentId !== null ? [currentId] : []}
                onSelect={(keys) => keys[0] !== undefined && setSelected(Number(keys[0]))}
                treeData={treeData(tree.data ?? [])}
                data-testid="org-tree"
              />
            )}
          </Card>
        </Col>
        <Col xs={24} md={16} lg={18}>
          {org ? (
            <Card
              size="small"
              title={<span data-testid="org-title">{org.name}</span>}
              extra={
                org.canManage ? (
                  <Space wrap>
                    <Button size="small" onClick={() => setNaming({ kind: 'child', parentId: org.id })}>
                      {t('org.actions.addChild')}
                    </Button>
                    <Button
                      size="small"
                      onClick={() => setNaming({ kind: 'rename', id: org.id, name: org.name })}
                    >
                      {t('org.actions.rename')}
                    </Button>
                    {org.isCreator ? (
                      <Popconfirm
                        title={t('org.actions.deleteConfirm')}
                        okText={t('common.ok')}
                        cancelText={t('common.cancel')}
                        onConfirm={async () => {
                          await organizationApi.remove(org.id);
                          toastSuccess('delete');
                          setSelected(null);
                          await refresh();
                        }}
                      >
                        <Button size="small" danger>
                          {t('org.actions.delete')}
                        </Button>
                      </Popconfirm>
                    ) : null}
                  </Space>
                ) : null
              }
            >
              <Descriptions
                size="small"
                column={{ xs: 1, sm: 2, lg: 4 }}
                items={[
                  { key: 'creator', label: t('org.fields.creator'), children: org.creatorName },
                  {
                    key: 'role',
                    label: t('org.fields.myRole'),
                    children: org.isCreator ? (
                      <Tag color="gold">{t('org.members.creator')}</Tag>
                    ) : (
                      (org.myRole?.roleName ?? '-')
                    ),
                  },
                  { key: 'members', label: t('org.fields.memberCount'), children: org.memberCount },
                  { key: 'created', label: t('org.fields.createdAt'), children: formatLocal(org.createdAt) },
                ]}
              />
              <Tabs
                items={[
                  {
                    key: 'members',
                    label: <span data-testid="org-tab-members">{t('org.tabs.members')}</span>,
                    children: <Members key={org.id} org={org} />,
                  },
                  {
                    key: 'devices',
                    label: <span data-testid="org-tab-devices">{t('org.tabs.devices')}</span>,
                    children: (
                      <DeviceTable
                        key={org.id}
                        ownerId={org.id}
                        queryKey={[...orgKeys.organizations, 'devices']}
                        fetchPage={organizationApi.devicePage}
                        testId="org-devices"
                        {...(org.canManage
                          ? {
                              bind: (deviceIds: number[]) =>
                                organizationApi.bindDevices({ id: org.id, deviceIds }),
                              unbind: (deviceIds: number[]) =>
                                organizationApi.unbindDevices({ id: org.id, deviceIds }),
                            }
                          : {})}
                      />
                    ),
                  },
                  ...(access.permission('asset.list')
                    ? [
                        {
                          key: 'assets',
                          label: t('org.tabs.assets'),
                          children: <OrgAssets key={org.id} organizationId={org.id} />,
                        },
                      ]
                    : []),
                ]}
              />
            </Card>
          ) : null}
        </Col>
      </Row>
      <OrganizationForm
        open={naming !== null}
        title={
          naming?.kind === 'rename'
            ? t('org.actions.rename')
            : naming?.kind === 'child'
              ? t('org.actions.addChild')
              : t('org.actions.add')
        }
        {...(naming?.kind === 'rename' ? { initialName: naming.name } : {})}
        onSubmit={submitName}
        onClose={() => setNaming(null)}
      />
    </Space>
  );
}
