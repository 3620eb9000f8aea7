import {
  WAYBILL_SHARE_CUSTOM_MAX_MS,
  WAYBILL_SHARE_VALIDITIES,
  type WaybillShareAnswer,
} from '@coldchain/shared';
import { DatePicker, Form, Modal, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { waybillApi } from '../../../api/waybill.ts';
import { accountZone } from '../../../app/account-zone.ts';
import { toastSuccess } from '../../../app/feedback.ts';
import { formatZoned } from '../../../components/clock.ts';

type Validity = (typeof WAYBILL_SHARE_VALIDITIES)[number];

/**
 * Shares a waybill (002 §9 share validity: 8 hours, 1 day, 3 days, 7 days or custom): the server
 * answers a link to the public page that also shows the track and lets the receiver confirm receipt.
 */
export function ShareModal({
  waybill,
  onClose,
}: {
  waybill: { id: number; orderNum: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [validity, setValidity] = useState<Validity>('1d');
  const [expiresAt, setExpiresAt] = useState<Dayjs | null>(null);
  const [answer, setAnswer] = useState<WaybillShareAnswer | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setAnswer(null);
    setExpiresAt(null);
    setValidity('1d');
    onClose();
  };
  const share = async () => {
    if (!waybill) return;
    if (validity === 'custom' && !expiresAt) return;
    setBusy(true);
    try {
      setAnswer(
        await waybillApi.share({
          id: waybill.id,
          validity,
          ...(validity === 'custom' && expiresAt ? { expiresAt: expiresAt.valueOf() } : {}),
        }),
      );
      toastSuccess('share');
    } catch {
      // The http client has shown why.
    } finally {
      setBusy(false);
    }
  };
  const link = answer ? new URL(answer.path, window.location.origin).toString() : '';

  return (
    <Modal
      open={waybill !== null}
      title={t('waybill.share.title', { orderNum: waybill?.orderNum ?? '' })}
      onCancel={close}
      onOk={answer ? close : () => void share()}
      okText={answer ? t('common.close') : t('waybill.share.create')}
      okButtonProps={{ loading: busy, disabled: !answer && validity === 'custom' && !expiresAt }}
      destroyOnHidden
    >
      {answer ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph
            copyable={{ text: link }}
            data-testid="waybill-share-link"
            style={{ wordBreak: 'break-all' }}
          >
            {link}
          </Typography.Paragraph>
          <Typography.Text type="secondary">
            {t('waybill.share.expires', { at: formatZoned(answer.expiresAt, accountZone(), false) })}
          </Typography.Text>
        </Space>
      ) : (
        <Form layout="vertical">
          <Form.Item label={t('waybill.share.validity')}>
            <Select<Validity>
              value={validity}
              onChange={setValidity}
              options={WAYBILL_SHARE_VALIDITIES.map((v) => ({
                value: v,
                label: t(`waybill.share.validities.${v}`),
              }))}
              data-testid="waybill-share-validity"
            />
          </Form.Item>
          {validity === 'custom' ? (
            <Form.Item label={t('waybill.share.expiresAt')} required>
              <DatePicker
                showTime
                value={expiresAt}
                onChange={setExpiresAt}
                format="YYYY-MM-DD HH:mm"
                disabledDate={(d) =>
                  d.isBefore(dayjs(), 'day') || d.isAfter(dayjs().add(WAYBILL_SHARE_CUSTOM_MAX_MS, 'ms'))
                }
                style={{ width: '100%' }}
              />
            </Form.Item>
          ) : null}
          <Typography.Text type="secondary">{t('waybill.share.hint')}</Typography.Text>
        </Form>
      )}
    </Modal>
  );
}
