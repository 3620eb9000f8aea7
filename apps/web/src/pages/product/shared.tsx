import { Form, type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export { attempt, flag, formatDate, formatTime, numberOrNull, textOrNull } from './form-values.ts';

export interface FormModalProps<T> {
  open: boolean;
  title: string;
  form: FormInstance<T>;
  saving: boolean;
  onSubmit: (values: T) => void;
  onCancel: () => void;
  width?: number;
  testId: string;
  children: ReactNode;
}

/** The add/edit dialog of the back-office lists: a vertical form submitted by OK. */
export function FormModal<T extends object>(props: FormModalProps<T>) {
  const { t } = useTranslation();
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={props.saving}
      onOk={() => props.form.submit()}
      onCancel={props.onCancel}
      width={props.width ?? 560}
      destroyOnHidden
      forceRender
    >
      <Form<T>
        form={props.form}
        layout="vertical"
        onFinish={props.onSubmit}
        scrollToFirstError
        data-testid={props.testId}
      >
        {props.children}
      </Form>
    </Modal>
  );
}
