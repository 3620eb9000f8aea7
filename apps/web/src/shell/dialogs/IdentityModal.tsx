import type { ProfileUpdateRequest } from '@coldchain/shared';
import { Button, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { useDict, useUpdateProfile } from '../../api/profile.ts';
import { IDENTITY_MODAL_WIDTH } from '../../app/constants.ts';
import { notify } from '../../app/feedback.ts';

interface Fields {
  identity: string;
  industry: string;
}

/**
 * The identity-supplement modal (000 §2.11, §4, §8): 320 px, identity and industry required, from the
 * dictionaries. Saving reloads the account info (the modal then has nothing to ask); a failure shows
 * the server's message and closes the modal.
 */
export default function IdentityModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const identities = useDict('identity');
  const industries = useDict('industry');
  const update = useUpdateProfile({ quiet: true });
  const options = (items: typeof identities.data) =>
    (items ?? []).map((item) => ({ value: item.dataValue, label: item.label }));

  const save = (values: Fields) => {
    const body: ProfileUpdateRequest = { identity: values.identity, industry: values.industry };
    update.mutate(body, {
      onSuccess: () => notify('success', t('toast.save')),
      onError: (error) => {
        if (!(error instanceof ApiError && error.endedSession))
          notify('error', t('errors.title'), error.message || t('errors.generic'));
        onClose();
      },
    });
  };

  return (
    <Modal
      open
      width={IDENTITY_MODAL_WIDTH}
      title={t('identity.title')}
      footer={null}
      maskClosable={false}
      onCancel={onClose}
      data-testid="identity-modal"
    >
      <Form<Fields> layout="vertical" requiredMark onFinish={save}>
        <Form.Item
          name="identity"
          label={t('identity.identity')}
          rules={[{ required: true, message: t('identity.identityRequired') }]}
        >
          <Select
            options={options(identities.data)}
            loading={identities.isLoading}
            placeholder={t('common.select')}
            data-testid="identity-select"
          />
        </Form.Item>
        <Form.Item
          name="industry"
          label={t('identity.industry')}
          rules={[{ required: true, message: t('identity.industryRequired') }]}
        >
          <Select
            options={options(industries.data)}
            loading={industries.isLoading}
            placeholder={t('common.select')}
            data-testid="industry-select"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={update.isPending} data-testid="identity-save">
          {t('common.save')}
        </Button>
      </Form>
    </Modal>
  );
}
