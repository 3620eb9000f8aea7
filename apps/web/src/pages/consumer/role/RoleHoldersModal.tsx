import { PAGE_SIZE_DEFAULT, type RoleRow, type UserRow } from '@coldchain/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Modal, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usersApi } from '../../../api/users.ts';

/** The live users holding a role (queryUserByRole), as far as the caller may see them. */
export function RoleHoldersModal({
  role,
  title,
  onClose,
}: {
  role: RoleRow | null;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [start, setStart] = useState(1);
  const query = useQuery({
    queryKey: ['people', 'roleHolders', role?.id, start],
    queryFn: ({ signal }) => usersApi.byRole(role?.id ?? 0, { start, pageSize: PAGE_SIZE_DEFAULT }, signal),
    enabled: role !== null,
    placeholderData: keepPreviousData,
  });
  const columns: ColumnsType<UserRow> = [
    { dataIndex: 'userName', title: t('users.userName') },
    { dataIndex: 'realName', title: t('users.realName'), render: (v: string | null) => v ?? '' },
    { dataIndex: 'companyName', title: t('users.companyName'), render: (v: string | null) => v ?? '' },
  ];
  return (
    <Modal
      open={role !== null}
      title={`${t('roles.holders')} · ${title}`}
      footer={null}
      onCancel={() => {
        setStart(1);
        onClose();
      }}
      width={640}
      destroyOnHidden
    >
      <Table<UserRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={query.data?.data ?? []}
        loading={query.isFetching}
        data-testid="role-holders"
        pagination={{
          current: start,
          pageSize: PAGE_SIZE_DEFAULT,
          total: query.data?.totalCount ?? 0,
          showTotal: (total) => t('common.total', { total }),
          onChange: setStart,
        }}
      />
    </Modal>
  );
}
