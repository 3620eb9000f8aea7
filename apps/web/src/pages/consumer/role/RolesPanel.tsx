import {
  ACTIONS,
  type PermissionGroup,
  ROLE_DESCRIPTION_MAX,
  ROLE_NAME_MAX,
  type RoleRow,
  SYSTEM_ROLE_CODES,
  type SystemRoleCode,
} from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Spin, Tag, Tree } from 'antd';
import type { ButtonProps } from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import type { DataNode } from 'antd/es/tree';
import i18next from 'i18next';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { peopleKeys, type RoleView, rolesApi, usePermissionTree } from '../../../api/users.ts';
import { confirmPrompt, toastSuccess } from '../../../app/feedback.ts';
import type { Messages } from '../../../app/i18n.ts';
import { IfAction } from '../../../components/Access.tsx';
import { EmojiFreeInput } from '../../../components/EmojiFreeInput.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { requireSelection } from '../../../components/selection.ts';
import { RoleHoldersModal } from './RoleHoldersModal.tsx';

interface Fields {
  roleName: string;
  description: string;
}

type RouteName = keyof Messages['route'];
type MenuName = keyof Messages['menu'];
/** Permission routes that are menu groups or have no page title of their own. */
const OWN_NAMES = {
  'cloudChain.myProject': 'cloudChainMyProject',
  marketing: 'marketing',
  revenue: 'revenue',
} as const;
const hasOwnName = (key: string): key is keyof typeof OWN_NAMES => key in OWN_NAMES;
const isMenuName = (key: string): key is MenuName => i18next.exists(`menu.${key}`);
type ActionName = keyof Messages['roles']['actions'];
const isRouteName = (key: string): key is RouteName => i18next.exists(`route.${key}`);
const isActionName = (key: string): key is ActionName => (ACTIONS as readonly string[]).includes(key);
/** A system role's code (its name is translated); user-defined roles carry the name they were given. */
export const isSystemRole = (code: string): code is SystemRoleCode =>
  (SYSTEM_ROLE_CODES as readonly string[]).includes(code);

/** A role's name as shown: system roles in the reader's language, user-defined ones as written. */
export function useRoleName() {
  const { t } = useTranslation();
  return (role: { code: string; roleName: string }) =>
    isSystemRole(role.code) ? t(`roles.systemNames.${role.code}`) : role.roleName;
}

/** The permission tree: one branch per route (its menu title), one leaf per action on it. */
function useTreeData(groups: PermissionGroup[] | undefined): DataNode[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const routeTitle = (route: string) => {
      if (isRouteName(route)) return t(`route.${route}`);
      if (hasOwnName(route)) return t(`roles.routeNames.${OWN_NAMES[route]}`);
      return isMenuName(route) ? t(`menu.${route}`) : route;
    };
    return (groups ?? []).map((group) => ({
      key: group.route,
      title: routeTitle(group.route),
      children: group.actions.map((action) => ({
        key: `${group.route}:${action}`,
        title: isActionName(action) ? t(`roles.actions.${action}`) : action,
      })),
    }));
  }, [groups, t]);
}

/**
 * The roles of one view (002 §3 Role, §6) with a permission tree: the back office's platform roles
 * (/system/role) or an enterprise account's own (/consumer/role). System roles are read-only.
 */
export function RolesPanel({ view }: { view: RoleView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const roleName = useRoleName();
  const tree = usePermissionTree(view);
  const treeData = useTreeData(tree.data);
  const [form] = Form.useForm<Fields>();
  const [editing, setEditing] = useState<RoleRow | 'new' | null>(null);
  const [holders, setHolders] = useState<RoleRow | null>(null);
  const [readOnly, setReadOnly] = useState(false);
  const [checked, setChecked] = useState<Key[]>([]);
  const [loadingRole, setLoadingRole] = useState(false);
  const [saving, setSaving] = useState(false);
  const listKey = peopleKeys.roles(view);
  // A route's own key is checked through its actions; only leaves are shown checked and sent, the
  // server adds each granted action's route (a route without actions is a leaf itself).
  const leaves = useMemo(
    () =>
      new Set(
        (tree.data ?? []).flatMap((g) =>
          g.actions.length ? g.actions.map((a) => `${g.route}:${a}`) : [g.route],
        ),
      ),
    [tree.data],
  );

  const open = async (role: RoleRow | 'new') => {
    setEditing(role);
    setReadOnly(role !== 'new' && role.roleType === 'system');
    if (role === 'new') {
      form.setFieldsValue({ roleName: '', description: '' });
      setChecked([]);
      return;
    }
    form.setFieldsValue({ roleName: roleName(role), description: role.description ?? '' });
    setLoadingRole(true);
    try {
      const detail = await rolesApi.detail(role.id);
      setChecked(detail.permissions.filter((key) => leaves.has(key)));
    } catch {
      setEditing(null);
    } finally {
      setLoadingRole(false);
    }
  };

  const save = async (values: Fields) => {
    const permissions = checked.map(String).filter((key) => leaves.has(key));
    setSaving(true);
    try {
      if (editing === 'new') await rolesApi.insert(view, { ...values, permissions });
      else if (editing) await rolesApi.update({ id: editing.id, ...values, permissions });
      toastSuccess(editing === 'new' ? 'add' : 'edit');
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey: listKey });
    } catch {
      // The http client has shown the server's message; the dialog stays for a correction.
    } finally {
      setSaving(false);
    }
  };

  const columns: ColumnsType<RoleRow> = [
    { dataIndex: 'roleName', title: t('roles.roleName'), render: (_v, role) => roleName(role) },
    {
      dataIndex: 'roleType',
      title: t('roles.roleType'),
      width: 130,
      render: (type: string) =>
        type === 'system' ? <Tag color="blue">{t('roles.system')}</Tag> : <Tag>{t('roles.custom')}</Tag>,
    },
    { dataIndex: 'description', title: t('roles.description'), render: (v: string | null) => v ?? '' },
    { dataIndex: 'userCount', title: t('roles.userCount'), width: 110 },
  ];

  return (
    <>
      <ListPage<RoleRow>
        queryKey={listKey}
        fetchPage={(request, signal) => rolesApi.page(view, request, signal)}
        columns={columns}
        rowKey="id"
        selectable
        filters={
          <Form.Item name="roleName" label={t('roles.roleName')}>
            <EmojiFreeInput allowClear maxLength={ROLE_NAME_MAX} data-testid="role-filter" />
          </Form.Item>
        }
        toolbar={({ rows }) => (
          <>
            <IfAction action="add">
              <Button type="primary" onClick={() => void open('new')} data-testid="role-add">
                {t('roles.add')}
              </Button>
            </IfAction>
            <IfAction action="edit">
              <Button
                onClick={() => {
                  const [only] = rows;
                  if (requireSelection(rows.length, 'one') && only) void open(only);
                }}
                data-testid="role-edit"
              >
                {t('roles.edit')}
              </Button>
            </IfAction>
            <IfAction action="delete">
              <Button
                danger
                onClick={() => {
                  const [only] = rows;
                  if (!requireSelection(rows.length, 'one') || !only) return;
                  void confirmPrompt({
                    kind: 'delete',
                    onOk: async () => {
                      try {
                        await rolesApi.remove(only.id);
                        toastSuccess('delete');
                      } catch {
                        // Shown by the http client (a role in use, a system role).
                      }
                      void queryClient.invalidateQueries({ queryKey: listKey });
                    },
                  });
                }}
                data-testid="role-delete"
              >
                {t('roles.delete')}
              </Button>
            </IfAction>
            <IfAction action="query">
              <Button
                onClick={() => {
                  const [only] = rows;
                  if (requireSelection(rows.length, 'one') && only) setHolders(only);
                }}
                data-testid="role-holders-open"
              >
                {t('roles.holders')}
              </Button>
            </IfAction>
          </>
        )}
      />
      <RoleHoldersModal
        role={holders}
        title={holders ? roleName(holders) : ''}
        onClose={() => setHolders(null)}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('roles.add') : readOnly ? t('roles.view') : t('roles.edit')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        okButtonProps={{ disabled: readOnly, 'data-testid': 'role-save' } as ButtonProps}
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        width={640}
        destroyOnHidden
        forceRender
      >
        <Form<Fields> form={form} layout="vertical" disabled={readOnly} onFinish={(v) => void save(v)}>
          {readOnly ? <Tag color="blue">{t('roles.systemReadOnly')}</Tag> : null}
          <Form.Item
            name="roleName"
            label={t('roles.roleName')}
            rules={[{ required: true, whitespace: true, message: t('roles.nameRequired') }]}
          >
            <EmojiFreeInput maxLength={ROLE_NAME_MAX} showCount data-testid="role-name-input" />
          </Form.Item>
          <Form.Item name="description" label={t('roles.description')}>
            <Input maxLength={ROLE_DESCRIPTION_MAX} showCount data-testid="role-description-input" />
          </Form.Item>
          <Form.Item label={t('roles.permissions')}>
            <Spin spinning={tree.isLoading || loadingRole}>
              <div style={{ maxHeight: 360, overflow: 'auto' }} data-testid="role-tree">
                <Tree
                  checkable
                  disabled={readOnly}
                  treeData={treeData}
                  checkedKeys={checked}
                  onCheck={(keys) => setChecked(Array.isArray(keys) ? keys : keys.checked)}
                />
              </div>
            </Spin>
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
