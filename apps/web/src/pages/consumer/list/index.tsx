import { USERNAME_MAX, type UserRow } from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { childrenApi, peopleKeys, useCampRoles } from '../../../api/users.ts';
import { confirmPrompt, toastSuccess } from '../../../app/feedback.ts';
import { IfAction } from '../../../components/Access.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { requireSelection } from '../../../components/selection.ts';
import { formatTime } from '../../product/form-values.ts';
import { UserFormModal } from '../../system/consumerList/UserFormModal.tsx';
import { useRoleName } from '../role/RolesPanel.tsx';

/**
 * /consumer/list/:start?: an enterprise account's sub-users (user centre, user management): list, add,
 * edit, delete, and the role each holds (the member role or one of the enterprise's own roles).
 */
export default function ConsumerListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const roleName = useRoleName();
  const roles = useCampRoles();
  const [editing, setEditing] = useState<UserRow | 'new' | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: peopleKeys.children });

  const columns: ColumnsType<UserRow> = [
    { dataIndex: 'userName', title: t('users.userName'), sorter: true },
    { dataIndex: 'realName', title: t('users.realName'), render: (v: string | null) => v ?? '' },
    { dataIndex: 'phone', title: t('users.phone'), render: (v: string | null) => v ?? '' },
    { dataIndex: 'email', title: t('users.email'), render: (v: string | null) => v ?? '' },
    {
      dataIndex: 'roleName',
      title: t('users.role'),
      render: (_v, row) => roleName({ code: row.roleCode, roleName: row.roleName ?? row.roleCode }),
    },
    { dataIndex: 'createdAt', title: t('users.createdAt'), width: 180, render: (v: string) => formatTime(v) },
  ];

  return (
    <>
      <ListPage<UserRow>
        queryKey={peopleKeys.children}
        fetchPage={(request, signal) => childrenApi.page(request, signal)}
        columns={columns}
        rowKey="id"
        selectable
        pageInUrl
        filters={
          <Form.Item name="userName" label={t('users.userName')}>
            <Input allowClear maxLength={USERNAME_MAX} data-testid="child-filter-name" />
          </Form.Item>
        }
        toolbar={({ rows }) => (
          <>
            <IfAction action="add">
              <Button type="primary" onClick={() => setEditing('new')} data-testid="child-add">
                {t('users.add')}
              </Button>
            </IfAction>
            <IfAction action="edit">
              <Button
                onClick={() => {
                  const [only] = rows;
                  if (requireSelection(rows.length, 'one') && only) setEditing(only);
                }}
                data-testid="child-edit"
              >
                {t('users.edit')}
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
                        await childrenApi.remove(only.id);
                        toastSuccess('delete');
                      } catch {
                        // Shown by the http client.
                      }
                      refresh();
                    },
                  });
                }}
                data-testid="child-delete"
              >
                {t('users.delete')}
              </Button>
            </IfAction>
          </>
        )}
      />
      <UserFormModal
        mode="child"
        editing={editing}
        roles={roles.data ?? []}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
    </>
  );
}
