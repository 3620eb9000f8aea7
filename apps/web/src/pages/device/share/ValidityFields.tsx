import { SHARE_VALIDITIES } from '@coldchain/shared';
import { DatePicker, Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

/** Until cancelled: direct shares may have no end; links always have one. */
export const FOREVER = 'forever' as const;

export interface ValidityDraft {
  validity: (typeof SHARE_VALIDITIES)[number] | typeof FOREVER;
  expiresAt?: Dayjs | null;
}

/** The share validity choices of 002 §9 (8 hours, 1, 3, 7 days or custom), with the custom end time. */
export function ValidityFields({ allowForever }: { allowForever: boolean }) {
  const { t } = useTranslation();
  const choices: ValidityDraft['validity'][] = allowForever
    ? [FOREVER, ...SHARE_VALIDITIES]
    : [...SHARE_VALIDITIES];
  return (
    <>
      <Form.Item name="validity" label={t('share.validity')} rules={[{ required: true }]}>
        <Select
          data-testid="share-validity"
          options={choices.map((value) => ({ value, label: t(`share.validities.${value}`) }))}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['validity']}>
        {({ getFieldValue }) =>
          getFieldValue('validity') === 'custom' ? (
            <Form.Item
              name="expiresAt"
              label={t('share.expiresAt')}
              rules={[{ required: true, message: t('share.expiresAtRequired') }]}
            >
              <DatePicker showTime style={{ width: '100%' }} data-testid="share-expires-at" />
            </Form.Item>
          ) : null
        }
      </Form.Item>
    </>
  );
}

/** The request fields of a validity draft. */
export function validityRequest(draft: ValidityDraft) {
  if (draft.validity === FOREVER) return {};
  return {
    validity: draft.validity,
    ...(draft.validity === 'custom' && draft.expiresAt ? { expiresAt: draft.expiresAt.toISOString() } : {}),
  };
}
