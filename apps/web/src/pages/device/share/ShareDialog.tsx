import { ERRORS, SHARER_NAME_MAX, type ShareLink, sharerNameSchema } from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Select, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sharingApi, sharingKeys, usePermissionModels } from '../../../api/sharing.ts';
import { accountZone } from '../../../app/account-zone.ts';
import { flash, toastSuccess } from '../../../app/feedback.ts';
import { formatZonedIso } from '../../../components/clock.ts';
import { schemaRule } from '../../../components/schema-rules.ts';
import { showFormError } from '../shared/form-errors.ts';
import { FOREVER, type ValidityDraft, ValidityFields, validityRequest } from './ValidityFields.tsx';

interface UserDraft extends ValidityDraft {
  account: string;
  sharerName?: string;
  permissionModelId?: number | null;
}
interface LinkDraft extends ValidityDraft {
  permissionModelId?: number | null;
}

/** Refusals about the recipient, shown under its field. */
export const ACCOUNT_ERRORS: Readonly<Record<number, string>> = {
  [ERRORS.recipientNotFound.code]: 'account',
  [ERRORS.recipientIsSelf.code]: 'account',
  [ERRORS.userInSharingList.code]: 'account',
  [ERRORS.transferPending.code]: 'account',
};

/** The address a share link opens: the sharer page, which shows what the link offers. */
export function shareLinkUrl(token: string): string {
  return `${window.location.origin}/consumer/sharer?shareToken=${encodeURIComponent(token)}`;
}

function TemplateSelect() {
  const { t } = useTranslation();
  const models = usePermissionModels();
  return (
    <Form.Item name="permissionModelId" label={t('share.template')} extra={t('share.templateHint')}>
      <Select
        allowClear
        data-testid="share-template"
        placeholder={t('share.noTemplate')}
        options={(models.data?.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
      />
    </Form.Item>
  );
}

/**
 * Sharing the chosen devices (002 §4, §5, §9): with one user, who accepts or refuses (a phone or
 * e-mail without an account is invited to register), under an optional name of 2-20 characters; or
 * by a link valid 8 hours, 1, 3 or 7 days or until a chosen time; either way with an optional
 * permission template.
 */
export function ShareDialog({
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
  const [userForm] = Form.useForm<UserDraft>();
  const [linkForm] = Form.useForm<LinkDraft>();
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<ShareLink | null>(null);

  const close = () => {
    setLink(null);
    userForm.resetFields();
    linkForm.resetFields();
    onClose();
  };

  const shareWithUser = async (draft: UserDraft) => {
    setBusy(true);
    try {
      const sharerName = draft.sharerName?.trim();
      const result = await sharingApi.batchShare({
        deviceIds,
        account: draft.account,
        ...(sharerName ? { sharerName } : {}),
        permissionModelId: draft.permissionModelId ?? null,
        ...validityRequest(draft),
      });
      void queryClient.invalidateQueries({ queryKey: sharingKeys.all });
      // Someone without an account was invited to register; the share waits for that registration.
      if (!result.registered)
        flash(
          result.notified ? 'success' : 'warning',
          t(result.notified ? 'share.invited' : 'share.inviteNotSent', { contact: draft.account.trim() }),
        );
      else toastSuccess('share');
      close();
    } catch (error) {
      showFormError(
        userForm,
        error,
        ['account', 'sharerName', 'permissionModelId', 'validity', 'expiresAt'],
        ACCOUNT_ERRORS,
      );
    } finally {
      setBusy(false);
    }
  };

  const createLink = async (draft: LinkDraft) => {
    setBusy(true);
    try {
      if (draft.validity === FOREVER) return;
      const created = await sharingApi.createLink({
        deviceIds,
        permissionModelId: draft.permissionModelId ?? null,
        validity: draft.validity,
        ...validityRequest(draft),
      });
      setLink(created);
    } catch (error) {
      showFormError(linkForm, error, ['permissionModelId', 'validity', 'expiresAt'], {
        [ERRORS.shareEndInvalid.code]: 'expiresAt',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('share.title', { count: deviceIds.length })}
      onCancel={close}
      footer={null}
      destroyOnHidden
      data-testid="share-dialog"
    >
      <Tabs
        items={[
          {
            key: 'user',
            label: <span data-testid="share-tab-user">{t('share.withUser')}</span>,
            children: (
              <Form<UserDraft>
                form={userForm}
                layout="vertical"
                initialValues={{ validity: FOREVER }}
                onFinish={(draft) => void shareWithUser(draft)}
              >
                <Form.Item
                  name="account"
                  label={t('share.account')}
                  extra={t('share.accountHint')}
                  rules={[{ required: true, whitespace: true, message: t('share.accountRequired') }]}
                >
                  <Input maxLength={100} data-testid="share-account" />
                </Form.Item>
                <Form.Item
                  name="sharerName"
                  label={t('share.sharerName')}
                  extra={t('share.sharerNameHint')}
                  rules={[schemaRule(sharerNameSchema.optional(), t('share.sharerName'))]}
                >
                  <Input maxLength={SHARER_NAME_MAX} data-testid="share-sharer-name" />
                </Form.Item>
                <TemplateSelect />
                <ValidityFields allowForever />
                <Typography.Paragraph type="secondary">{t('share.consentNote')}</Typography.Paragraph>
                <Button type="primary" htmlType="submit" loading={busy} data-testid="share-submit">
                  {t('share.submit')}
                </Button>
              </Form>
            ),
          },
          {
            key: 'link',
            label: <span data-testid="share-tab-link">{t('share.byLink')}</span>,
            children: link ? (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Alert
                  type="success"
                  showIcon
                  title={t('share.linkReady', { time: formatZonedIso(link.expiresAt, accountZone()) })}
                />
                <Typography.Paragraph copyable data-testid="share-link-url">
                  {shareLinkUrl(link.token)}
                </Typography.Paragraph>
                <Button onClick={close} data-testid="share-done">
                  {t('share.done')}
                </Button>
              </Space>
            ) : (
              <Form<LinkDraft>
                form={linkForm}
                layout="vertical"
                initialValues={{ validity: '1d' }}
                onFinish={(draft) => void createLink(draft)}
              >
                <TemplateSelect />
                <ValidityFields allowForever={false} />
                <Button type="primary" htmlType="submit" loading={busy} data-testid="share-link-create">
                  {t('share.createLink')}
                </Button>
              </Form>
            ),
          },
        ]}
      />
    </Modal>
  );
}
