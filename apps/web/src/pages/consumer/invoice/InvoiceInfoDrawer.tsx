import {
  BILL_ADDRESS_MAX,
  BILL_BANK_MAX,
  BILL_COMPANY_MAX,
  BILL_MAIL_MAX,
  BILL_MODE_EMAIL,
  BILL_NAME_MAX,
  BILL_NAME_PATTERN,
  BILL_PHONE_MAINLAND_PATTERN,
  BILL_PHONE_OVERSEAS_MAX,
  BILL_PHONE_OVERSEAS_PATTERN,
  BILL_TAX_NUMBER_MAX,
  BILL_TAX_NUMBER_PATTERN,
  EMAIL_PATTERN,
  type UserBill,
  type UserBillInsert,
} from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Form, Input, Radio, Space, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { billKeys, billsApi } from '../../../api/invoices.ts';
import { OVERSEAS_EDITION } from '../../../app/edition.ts';
import { toastSuccess } from '../../../app/feedback.ts';
import { useIsPhone } from '../../../shell/use-viewport.ts';

export interface InvoiceInfoDrawerProps {
  open: boolean;
  /** The bill to edit; none: a new one. */
  bill?: UserBill;
  onClose(): void;
  /** Called after a successful save, with the saved bill. */
  onSaved(bill?: UserBill): void;
}

interface Fields {
  invoiceType: 1 | 2;
  billMode: number;
  billDefaultStatus: boolean;
  companyName?: string;
  taxNumber?: string;
  personalName?: string;
  bankDeposit?: string;
  billUserName: string;
  billMail: string;
  billPhone: string;
  billAddress?: string;
}

const DEFAULTS: Fields = {
  invoiceType: 1,
  billMode: BILL_MODE_EMAIL,
  billDefaultStatus: false,
  billUserName: '',
  billMail: '',
  billPhone: '',
};

/**
 * Adds or edits one invoice info (001 §2.5): personal (1) shows the personal name and address,
 * enterprise (2) the company, tax number and bank; e-mail (billMode 2) is the only delivery. The same
 * rules as the server's (001 §5); the phone is an 11-digit mainland mobile, any digits overseas.
 */
export function InvoiceInfoDrawer({ open, bill, onClose, onSaved }: InvoiceInfoDrawerProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const queryClient = useQueryClient();
  const phone = useIsPhone();
  const [saving, setSaving] = useState(false);
  const invoiceType = Form.useWatch('invoiceType', form) ?? 1;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      bill
        ? {
            invoiceType: bill.invoiceType === 2 ? 2 : 1,
            billMode: BILL_MODE_EMAIL,
            billDefaultStatus: bill.billDefaultStatus,
            companyName: bill.companyName ?? undefined,
            taxNumber: bill.taxNumber ?? undefined,
            personalName: bill.personalName ?? undefined,
            bankDeposit: bill.bankDeposit ?? undefined,
            billUserName: bill.billUserName,
            billMail: bill.billMail,
            billPhone: bill.billPhone,
            billAddress: bill.billAddress ?? undefined,
          }
        : DEFAULTS,
    );
  }, [open, bill, form]);

  const required: Rule = { required: true, whitespace: true, message: t('orders.bill.required') };
  const max = (n: number): Rule => ({ max: n, message: t('orders.bill.max', { max: n }) });
  const name: Rule = { pattern: BILL_NAME_PATTERN, message: t('orders.bill.namePattern') };
  const phoneRule: Rule = OVERSEAS_EDITION
    ? { pattern: BILL_PHONE_OVERSEAS_PATTERN, message: t('orders.bill.phoneOverseas') }
    : { pattern: BILL_PHONE_MAINLAND_PATTERN, message: t('orders.bill.phoneMainland') };

  const save = async (values: Fields) => {
    const text = (v: string | undefined) => (v?.trim() ? v.trim() : null);
    const body: UserBillInsert = {
      invoiceType: values.invoiceType,
      billMode: BILL_MODE_EMAIL,
      billDefaultStatus: values.billDefaultStatus,
      companyName: values.invoiceType === 2 ? text(values.companyName) : null,
      taxNumber: values.invoiceType === 2 ? (text(values.taxNumber)?.toUpperCase() ?? null) : null,
      bankDeposit: values.invoiceType === 2 ? text(values.bankDeposit) : null,
      personalName: values.invoiceType === 1 ? text(values.personalName) : null,
      billAddress: values.invoiceType === 1 ? text(values.billAddress) : null,
      billUserName: values.billUserName.trim(),
      billMail: values.billMail.trim(),
      billPhone: values.billPhone.trim(),
    };
    setSaving(true);
    try {
      const saved = bill
        ? await billsApi.update({ ...body, billId: bill.billId })
        : await billsApi.insert(body);
      toastSuccess(bill ? 'edit' : 'add');
      await queryClient.invalidateQueries({ queryKey: billKeys.list });
      onSaved(saved);
      onClose();
    } catch {
      // The http client has shown the server's message (or the generic one); the drawer stays.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={phone ? '100%' : 520}
      title={bill ? t('orders.bill.editTitle') : t('orders.bill.addTitle')}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('orders.common.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="bill-save">
            {t('orders.common.save')}
          </Button>
        </Space>
      }
    >
      <Form<Fields> form={form} layout="vertical" onFinish={(v) => void save(v)} initialValues={DEFAULTS}>
        <Form.Item name="invoiceType" label={t('orders.bill.invoiceType')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 1, label: t('orders.bill.type.1') },
              { value: 2, label: t('orders.bill.type.2') },
            ]}
          />
        </Form.Item>
        <Form.Item name="billMode" label={t('orders.bill.billMode')}>
          <Radio.Group options={[{ value: BILL_MODE_EMAIL, label: t('orders.bill.mode.2') }]} />
        </Form.Item>
        {invoiceType === 2 ? (
          <>
            <Form.Item
              name="companyName"
              label={t('orders.bill.companyName')}
              rules={[required, max(BILL_COMPANY_MAX)]}
            >
              <Input maxLength={BILL_COMPANY_MAX} data-testid="bill-company" />
            </Form.Item>
            <Form.Item
              name="taxNumber"
              label={t('orders.bill.taxNumber')}
              rules={[
                max(BILL_TAX_NUMBER_MAX),
                { pattern: BILL_TAX_NUMBER_PATTERN, message: t('orders.bill.taxPattern') },
              ]}
            >
              <Input maxLength={BILL_TAX_NUMBER_MAX} data-testid="bill-tax" />
            </Form.Item>
            <Form.Item
              name="bankDeposit"
              label={t('orders.bill.bankDeposit')}
              rules={[required, max(BILL_BANK_MAX)]}
            >
              <Input maxLength={BILL_BANK_MAX} data-testid="bill-bank" />
            </Form.Item>
          </>
        ) : (
          <Form.Item
            name="personalName"
            label={t('orders.bill.personalName')}
            rules={[required, max(BILL_NAME_MAX), name]}
          >
            <Input maxLength={BILL_NAME_MAX} data-testid="bill-personal" />
          </Form.Item>
        )}
        <Form.Item
          name="billUserName"
          label={t('orders.bill.billUserName')}
          rules={[required, max(BILL_NAME_MAX), name]}
        >
          <Input maxLength={BILL_NAME_MAX} data-testid="bill-user" />
        </Form.Item>
        <Form.Item
          name="billMail"
          label={t('orders.bill.billMail')}
          rules={[
            required,
            max(BILL_MAIL_MAX),
            { pattern: EMAIL_PATTERN, message: t('orders.bill.mailPattern') },
          ]}
        >
          <Input type="email" maxLength={BILL_MAIL_MAX} data-testid="bill-mail" />
        </Form.Item>
        <Form.Item name="billPhone" label={t('orders.bill.billPhone')} rules={[required, phoneRule]}>
          <Input
            inputMode="numeric"
            maxLength={OVERSEAS_EDITION ? BILL_PHONE_OVERSEAS_MAX : 11}
            data-testid="bill-phone"
          />
        </Form.Item>
        {invoiceType === 1 ? (
          <Form.Item name="billAddress" label={t('orders.bill.billAddress')} rules={[max(BILL_ADDRESS_MAX)]}>
            <Input maxLength={BILL_ADDRESS_MAX} data-testid="bill-address" />
          </Form.Item>
        ) : null}
        <Form.Item
          name="billDefaultStatus"
          label={t('orders.bill.billDefaultStatus')}
          valuePropName="checked"
        >
          <Switch data-testid="bill-default" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

export default InvoiceInfoDrawer;
