import { MinusCircleOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  ASSET_BRAND_MAX,
  ASSET_CUSTOM_KEY_MAX,
  ASSET_CUSTOM_MAX,
  ASSET_CUSTOM_VALUE_MAX,
  ASSET_DESC_MAX,
  ASSET_IMAGE_MAX_BYTES,
  ASSET_MODEL_MAX,
  ASSET_NAME_MAX,
  ASSET_NUM_MAX,
  ASSET_TYPE_NAME_MAX,
  ASSET_VOLUME_MAX,
  type Asset,
  assetInsertSchema,
  IMAGE_EXTENSIONS,
  type OrganizationNode,
} from '@coldchain/shared';
import { Button, Form, Image, Input, Modal, Select, Space, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http.ts';
import { assetApi, useOrganizationTree } from '../../../api/org.ts';
import { notify } from '../../../app/feedback.ts';
import { useAccess } from '../../../app/use-access.ts';
import { schemaRule, showSaveError } from '../../../components/schema-rules.ts';
import { type AssetFields, assetBody } from './asset-body.ts';

const FIELDS = ['combName', 'combTypeName', 'combNum', 'brand', 'model', 'volume', 'organizationId', 'desc'];
const shape = assetInsertSchema.shape;

function managed(nodes: readonly OrganizationNode[]): OrganizationNode[] {
  return nodes.flatMap((n) => [...(n.canManage ? [n] : []), ...managed(n.children)]);
}

/**
 * Adds or edits an asset: every field of 002 §3 with its length, the barcode in letters and digits,
 * custom key/value pairs, the organization (one the caller manages) and an image (jpg, jpeg or png of
 * at most 2 MB, uploaded at once).
 */
export function AssetForm({
  open,
  asset,
  onSaved,
  onClose,
}: {
  open: boolean;
  asset: Asset | null;
  onSaved: (saved: Asset) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AssetFields>();
  const [saving, setSaving] = useState(false);
  const [image, setImage] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const access = useAccess();
  // Only accounts with organizations choose one (a refused call would end the session).
  const withOrganizations = access.permission('organization.list');
  const tree = useOrganizationTree(open && withOrganizations);
  const label = (field: string) => t(`asset.fields.${field}` as 'asset.fields.combName');

  useEffect(() => {
    if (!open) return;
    setImage(asset?.image ?? null);
    form.setFieldsValue({
      combName: asset?.combName ?? '',
      combTypeName: asset?.combTypeName ?? '',
      combNum: asset?.combNum ?? '',
      brand: asset?.brand ?? '',
      model: asset?.model ?? '',
      volume: asset?.volume ?? '',
      organizationId: asset?.organizationId ?? null,
      desc: asset?.desc ?? '',
      custom: (asset?.customKeys ?? []).map((key, i) => ({ key, value: asset?.customValues[i] ?? '' })),
    });
  }, [open, asset, form]);

  const save = async (values: AssetFields) => {
    setSaving(true);
    try {
      const body = assetBody(values, image);
      const saved = asset ? await assetApi.update({ id: asset.id, ...body }) : await assetApi.insert(body);
      onSaved(saved);
    } catch (error) {
      showSaveError(form, error, { fields: FIELDS });
    } finally {
      setSaving(false);
    }
  };

  const beforeUpload = async (file: File) => {
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext)) {
      notify('error', t('asset.image.type', { types: IMAGE_EXTENSIONS.join(', ') }));
      return Upload.LIST_IGNORE;
    }
    if (file.size > ASSET_IMAGE_MAX_BYTES) {
      notify('error', t('asset.image.size', { mb: ASSET_IMAGE_MAX_BYTES / (1024 * 1024) }));
      return Upload.LIST_IGNORE;
    }
    setUploading(true);
    try {
      setImage((await assetApi.uploadImage(file)).url);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setUploading(false);
    }
    return Upload.LIST_IGNORE;
  };

  const text = (field: keyof typeof shape, max: number, required = false) => (
    <Form.Item
      key={field}
      name={field}
      label={label(field)}
      required={required}
      rules={[schemaRule(shape[field], label(field))]}
    >
      {field === 'desc' ? (
        <Input.TextArea maxLength={max} showCount rows={3} data-testid={`asset-${field}`} />
      ) : (
        <Input maxLength={max} showCount data-testid={`asset-${field}`} />
      )}
    </Form.Item>
  );

  return (
    <Modal
      open={open}
      title={asset ? t('asset.actions.edit') : t('asset.actions.add')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={640}
      destroyOnHidden
      forceRender
    >
      <Form<AssetFields>
        form={form}
        layout="vertical"
        onFinish={(v) => void save(v)}
        data-testid="asset-form"
      >
        {text('combName', ASSET_NAME_MAX, true)}
        {text('combTypeName', ASSET_TYPE_NAME_MAX)}
        {text('combNum', ASSET_NUM_MAX)}
        {text('brand', ASSET_BRAND_MAX)}
        {text('model', ASSET_MODEL_MAX)}
        {text('volume', ASSET_VOLUME_MAX)}
        {withOrganizations ? (
          <Form.Item name="organizationId" label={label('organizationId')}>
            <Select
              allowClear
              options={managed(tree.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
            />
          </Form.Item>
        ) : null}
        {text('desc', ASSET_DESC_MAX)}
        <Form.Item label={label('custom')}>
          <Form.List name="custom">
            {(fields, { add, remove }) => (
              <Space orientation="vertical" style={{ width: '100%' }}>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline">
                    <Form.Item name={[field.name, 'key']} noStyle>
                      <Input placeholder={t('asset.custom.key')} maxLength={ASSET_CUSTOM_KEY_MAX} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'value']} noStyle>
                      <Input placeholder={t('asset.custom.value')} maxLength={ASSET_CUSTOM_VALUE_MAX} />
                    </Form.Item>
                    <MinusCircleOutlined
                      onClick={() => remove(field.name)}
                      aria-label={t('org.actions.delete')}
                    />
                  </Space>
                ))}
                {fields.length < ASSET_CUSTOM_MAX ? (
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ key: '', value: '' })}>
                    {t('asset.custom.add')}
                  </Button>
                ) : null}
              </Space>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item label={label('image')}>
          <Space align="start">
            {image ? <Image src={image} width={96} data-testid="asset-image-preview" /> : null}
            <Upload accept=".jpg,.jpeg,.png" showUploadList={false} beforeUpload={beforeUpload}>
              <Button icon={<UploadOutlined />} loading={uploading} data-testid="asset-image-upload">
                {t('asset.image.upload')}
              </Button>
            </Upload>
            {image ? <Button onClick={() => setImage(null)}>{t('asset.image.remove')}</Button> : null}
          </Space>
        </Form.Item>
      </Form>
    </Modal>
  );
}
