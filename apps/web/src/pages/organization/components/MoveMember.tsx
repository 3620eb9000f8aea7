import type { Member, OrganizationNode } from '@coldchain/shared';
import { Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http.ts';
import { organizationApi, useOrganizationTree } from '../../../api/org.ts';
import { toastSuccess } from '../../../app/feedback.ts';

function managed(nodes: readonly OrganizationNode[]): OrganizationNode[] {
  return nodes.flatMap((n) => [...(n.canManage ? [n] : []), ...managed(n.children)]);
}

/** Moves a member to another organization the caller manages (updateAccountOrganizationRel). */
export function MoveMember({
  organizationId,
  member,
  onClose,
  onMoved,
}: {
  organizationId: number;
  member: Member | null;
  onClose: () => void;
  onMoved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const tree = useOrganizationTree(member !== null);
  const [target, setTarget] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const move = async () => {
    if (!member || target === null) return;
    setSaving(true);
    try {
      await organizationApi.updateRelation({
        organizationId,
        accountId: member.accountId,
        targetOrganizationId: target,
      });
      toastSuccess('edit');
      setTarget(null);
      await onMoved();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={member !== null}
      title={t('org.members.moveTitle', { user: member?.userName ?? '' })}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: target === null }}
      confirmLoading={saving}
      onOk={() => void move()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Select
        style={{ width: '100%' }}
        placeholder={t('org.members.moveTo')}
        value={target ?? undefined}
        onChange={setTarget}
        options={managed(tree.data ?? [])
          .filter((o) => o.id !== organizationId)
          .map((o) => ({ value: o.id, label: o.name }))}
      />
    </Modal>
  );
}
