import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sharingApi, sharingKeys } from '../../../api/sharing.ts';
import { toastSuccess } from '../../../app/feedback.ts';
import { showFormError } from '../shared/form-errors.ts';
import { ACCOUNT_ERRORS } from './ShareDialog.tsx';

/**
 * Transferring the chosen devices to another account (002 §4): the recipient accepts first; then
 * the devices, with their history, become its own.
 */
export function TransferDialog({
  deviceIds,
  open,
  onClose,
}: {
  deviceIds: number[];
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ account: string }>();
  const [busy, setBusy] = useState(false);

  const submit = async ({ account }: { account: string }) => {
    setBusy(true);
    try {
      await sharingApi.batchTransfer({ deviceIds, account });
      void queryClient.invalidateQueries({ queryKey: sharingKeys.all });
      toastSuccess('transfer');
      form.resetFields();
      onClose();
    } catch (error) {
      showFormError(form, error, ['account'], ACCOUNT_ERRORS);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('transfer.title', { count: deviceIds.length })}
      onCancel={onClose}
      footer={
        <Button type="primary" loading={busy} onClick={() => form.submit()} data-testid="transfer-submit">
          {t('transfer.submit')}
        </Button>
      }
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Alert type="info" showIcon title={t('transfer.consentNote')} style={{ marginBottom: 16 }} />
        <Form.Item
          name="account"
          label={t('share.account')}
          rules={[{ required: true, whitespace: true, message: t('share.accountRequired') }]}
        >
          <Input maxLength={100} data-testid="transfer-account" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
