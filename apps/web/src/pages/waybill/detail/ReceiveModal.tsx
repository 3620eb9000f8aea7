import { WAYBILL_PERSON_NAME_MAX, type WaybillDetail } from '@coldchain/shared';
import { Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http.ts';
import { waybillApi } from '../../../api/waybill.ts';
import { flash, notify } from '../../../app/feedback.ts';
import { EmojiFreeInput } from '../../../components/EmojiFreeInput.tsx';

/** Confirms receipt of an ended waybill (002 §4 received), recording who received the goods. */
export function ReceiveModal({
  waybill,
  onClose,
  onReceived,
}: {
  waybill: WaybillDetail | null;
  onClose: () => void;
  onReceived: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ receiverMan?: string }>();
  const [busy, setBusy] = useState(false);
  const receive = async ({ receiverMan }: { receiverMan?: string }) => {
    if (!waybill) return;
    setBusy(true);
    try {
      await waybillApi.changeState({
        id: waybill.id,
        action: 'receive',
        confirm: 0,
        ...(receiverMan?.trim() ? { receiverMan: receiverMan.trim() } : {}),
      });
      flash('success', t('waybill.done.receive'));
      onReceived();
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'business')
        notify('error', t('errors.title'), error.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={waybill !== null}
      title={t('waybill.receive.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: busy }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('waybill.receive.hint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ receiverMan: waybill?.receiverMan ?? '' }}
        onFinish={(v) => void receive(v)}
      >
        <Form.Item
          name="receiverMan"
          label={t('waybill.fields.receiverMan')}
          rules={[
            {
              max: WAYBILL_PERSON_NAME_MAX,
              message: t('waybill.rules.maxLength', { max: WAYBILL_PERSON_NAME_MAX }),
            },
          ]}
        >
          <EmojiFreeInput maxLength={WAYBILL_PERSON_NAME_MAX} data-testid="waybill-receiver-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
