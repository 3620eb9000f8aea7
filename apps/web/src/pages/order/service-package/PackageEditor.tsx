import {
  type LevelInput,
  PACKAGE_CURRENCIES,
  SERVICE_PACKAGE_LIMITS,
  type ServicePackageDetail,
  type ServicePackageInsert,
} from '@coldchain/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Spin,
  Switch,
  Upload,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeviceTypeOptions } from '../../../api/catalogue.ts';
import { servicePackageKeys, servicePackagesApi } from '../../../api/service-packages.ts';
import { toastSuccess } from '../../../app/feedback.ts';
import { toCents, toUnits } from './money.ts';

const L = SERVICE_PACKAGE_LIMITS;

interface YearFields {
  id?: number;
  timeLength: number;
  serviceFee: number;
  dataFee: number;
  discount: number;
  topStatus: boolean;
  presentationMonth: number;
}
interface LevelFields {
  id?: number;
  levelName: string;
  levelDescribe?: string | null;
  free: boolean;
  activityDiscount: number;
  activity?: [Dayjs, Dayjs] | null;
  itemCodes: string[];
  yearList: YearFields[];
}
interface Fields {
  packageName: string;
  packageCode: string;
  currency: 'CNY' | 'USD';
  enableTime?: Dayjs | null;
  levelList: LevelFields[];
  freeOn: boolean;
  freeLevelName?: string;
  freeMonths: number;
  freeSmsCount: number;
  freeVoiceCount: number;
  deviceTypeIds: number[];
}

const newYear = (months: number): YearFields => ({
  timeLength: months,
  serviceFee: 0,
  dataFee: 0,
  discount: 100,
  topStatus: false,
  presentationMonth: 0,
});
const newLevel = (): LevelFields => ({
  levelName: '',
  free: false,
  activityDiscount: 100,
  itemCodes: [],
  yearList: [newYear(12)],
});

function fieldsOf(d: ServicePackageDetail): Fields {
  return {
    packageName: d.packageName,
    packageCode: d.packageCode,
    currency: d.currency,
    enableTime: d.enableTime ? dayjs(d.enableTime) : null,
    levelList: d.levelList.map((l) => ({
      id: l.id,
      levelName: l.levelName,
      levelDescribe: l.levelDescribe,
      free: l.free === 1,
      activityDiscount: l.activityDiscount,
      activity:
        l.activityStartTime && l.activityEndTime
          ? [dayjs(l.activityStartTime), dayjs(l.activityEndTime)]
          : null,
      itemCodes: l.itemCodes,
      yearList: l.yearList.map((y) => ({
        id: y.id,
        timeLength: y.timeLength,
        serviceFee: toUnits(y.serviceFee),
        dataFee: toUnits(y.dataFee),
        discount: y.discount,
        topStatus: y.topStatus === 1,
        presentationMonth: y.presentationMonth,
      })),
    })),
    freeOn: d.freePackage !== null,
    freeLevelName: d.freePackage?.levelName,
    freeMonths: d.freePackage?.months ?? 2,
    freeSmsCount: d.freePackage?.smsCount ?? 0,
    freeVoiceCount: d.freePackage?.voiceCount ?? 0,
    deviceTypeIds: d.deviceTypeIds,
  };
}

function bodyOf(v: Fields): ServicePackageInsert {
  const levelList: LevelInput[] = v.levelList.map((l) => ({
    ...(l.id ? { id: l.id } : {}),
    levelName: l.levelName.trim(),
    levelDescribe: l.levelDescribe?.trim() || null,
    free: l.free ? 1 : 0,
    activityDiscount: l.activityDiscount,
    activityStartTime: l.activityDiscount < 100 && l.activity ? l.activity[0].toISOString() : null,
    activityEndTime: l.activityDiscount < 100 && l.activity ? l.activity[1].toISOString() : null,
    itemCodes: l.itemCodes ?? [],
    yearList: (l.yearList ?? []).map((y) => ({
      ...(y.id ? { id: y.id } : {}),
      timeLength: y.timeLength,
      serviceFee: toCents(y.serviceFee),
      dataFee: toCents(y.dataFee),
      discount: y.discount,
      topStatus: y.topStatus ? 1 : 0,
      presentationMonth: y.presentationMonth ?? 0,
    })),
  }));
  return {
    packageName: v.packageName.trim(),
    packageCode: v.packageCode.trim(),
    currency: v.currency,
    enableTime: v.enableTime ? v.enableTime.toISOString() : null,
    levelList,
    freePackage:
      v.freeOn && v.freeLevelName
        ? {
            levelName: v.freeLevelName,
            months: v.freeMonths,
            smsCount: v.freeSmsCount,
            voiceCount: v.freeVoiceCount,
          }
        : null,
  };
}

/** One package: its fields, levels side by side with their year rows and items, the free package and device types. */
export function PackageEditor({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Fields>();
  const [saving, setSaving] = useState(false);
  const detail = useQuery({
    queryKey: servicePackageKeys.detail(id ?? 0),
    queryFn: ({ signal }) => servicePackagesApi.detail(id ?? 0, signal),
    enabled: id !== null,
  });
  const items = useQuery({
    queryKey: servicePackageKeys.items,
    queryFn: ({ signal }) => servicePackagesApi.items(signal),
  });
  const types = useDeviceTypeOptions();
  const levels = Form.useWatch('levelList', form) ?? [];
  const freeOn = Form.useWatch('freeOn', form);

  useEffect(() => {
    if (id === null)
      form.setFieldsValue({
        currency: 'CNY',
        levelList: [newLevel()],
        freeOn: false,
        freeMonths: 2,
        freeSmsCount: 0,
        freeVoiceCount: 0,
        deviceTypeIds: [],
      });
    else if (detail.data) form.setFieldsValue(fieldsOf(detail.data));
  }, [id, detail.data, form]);

  const save = async (values: Fields) => {
    setSaving(true);
    try {
      const body = bodyOf(values);
      const saved =
        id === null
          ? await servicePackagesApi.insert(body)
          : await servicePackagesApi.update({ ...body, id });
      await servicePackagesApi.setRelations({
        packageId: saved.id,
        deviceTypeIds: values.deviceTypeIds ?? [],
      });
      toastSuccess(id === null ? 'add' : 'edit');
      void queryClient.invalidateQueries({ queryKey: servicePackageKeys.all });
      navigate(`/service/package/${saved.id}`);
    } catch {
      // The http client has shown the server's message, naming the field.
    } finally {
      setSaving(false);
    }
  };

  if (id !== null && detail.isLoading) return <Spin />;
  const itemOptions = (items.data ?? []).map((i) => ({ value: i.itemCode, label: i.itemName }));

  return (
    <Form<Fields> form={form} layout="vertical" onFinish={(v) => void save(v)} data-testid="sp-editor">
      <Space wrap style={{ marginBottom: 16 }}>
        <Button onClick={() => navigate('/service/package')}>{t('servicePackageAdmin.back')}</Button>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="sp-save">
          {t('common.save')}
        </Button>
        {id !== null ? (
          <Upload
            accept=".png,.jpg,.jpeg"
            showUploadList={false}
            beforeUpload={(file) => {
              void servicePackagesApi.uploadIcon(id, file).then(() => {
                toastSuccess('save');
                void detail.refetch();
              });
              return false;
            }}
          >
            <Button>{t('servicePackageAdmin.uploadIcon')}</Button>
          </Upload>
        ) : null}
        {detail.data?.icon ? <img src={detail.data.icon} alt="" width={32} height={32} /> : null}
      </Space>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name="packageName"
            label={t('servicePackageAdmin.fields.packageName')}
            rules={[{ required: true, whitespace: true }]}
          >
            <Input maxLength={L.packageNameMax} showCount data-testid="sp-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item
            name="packageCode"
            label={t('servicePackageAdmin.fields.packageCode')}
            rules={[{ required: true, pattern: /^\d{8}$/, message: t('servicePackageAdmin.codeRule') }]}
          >
            <Input maxLength={8} inputMode="numeric" data-testid="sp-code" />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="currency" label={t('servicePackageAdmin.fields.currency')}>
            <Select options={PACKAGE_CURRENCIES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="enableTime" label={t('servicePackageAdmin.fields.enableTime')}>
            <DatePicker showTime style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>

      <Form.List name="levelList">
        {(fields, { add, remove }) => (
          <>
            <Row gutter={[16, 16]}>
              {fields.map((field, i) => (
                <Col xs={24} md={12} xl={8} key={field.key}>
                  <Card
                    size="small"
                    title={levels[i]?.levelName || t('servicePackageAdmin.levelN', { n: i + 1 })}
                    extra={
                      fields.length > 1 ? (
                        <Button size="small" danger type="link" onClick={() => remove(field.name)}>
                          {t('servicePackageAdmin.removeLevel')}
                        </Button>
                      ) : null
                    }
                    data-testid={`sp-level-${i}`}
                  >
                    <Form.Item
                      name={[field.name, 'levelName']}
                      label={t('servicePackageAdmin.fields.levelName')}
                      rules={[{ required: true, whitespace: true }]}
                    >
                      <Input maxLength={L.levelNameMax} showCount data-testid={`sp-level-name-${i}`} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'levelDescribe']}
                      label={t('servicePackageAdmin.fields.levelDescribe')}
                    >
                      <Input.TextArea rows={2} maxLength={L.levelDescribeMax} />
                    </Form.Item>
                    <Space wrap>
                      <Form.Item
                        name={[field.name, 'free']}
                        label={t('servicePackageAdmin.fields.free')}
                        valuePropName="checked"
                      >
                        <Switch />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'activityDiscount']}
                        label={t('servicePackageAdmin.fields.activityDiscount')}
                      >
                        <InputNumber min={1} max={100} suffix="%" />
                      </Form.Item>
                    </Space>
                    {(levels[i]?.activityDiscount ?? 100) < 100 ? (
                      <Form.Item
                        name={[field.name, 'activity']}
                        label={t('servicePackageAdmin.fields.activityPeriod')}
                        rules={[{ required: true }]}
                      >
                        <DatePicker.RangePicker showTime style={{ width: '100%' }} />
                      </Form.Item>
                    ) : null}
                    <Form.Item name={[field.name, 'itemCodes']} label={t('servicePackageAdmin.fields.items')}>
                      <Checkbox.Group options={itemOptions} />
                    </Form.Item>
                    <Form.List name={[field.name, 'yearList']}>
                      {(rows, rowOps) => (
                        <Space direction="vertical" style={{ width: '100%' }}>
                          {rows.map((row, j) => (
                            <Card
                              key={row.key}
                              size="small"
                              type="inner"
                              title={t('servicePackageAdmin.yearN', { n: j + 1 })}
                              extra={
                                <Button
                                  size="small"
                                  type="link"
                                  danger
                                  onClick={() => rowOps.remove(row.name)}
                                >
                                  {t('servicePackageAdmin.removeYear')}
                                </Button>
                              }
                            >
                              <Row gutter={8}>
                                <Col span={12}>
                                  <Form.Item
                                    name={[row.name, 'timeLength']}
                                    label={t('servicePackageAdmin.fields.timeLength')}
                                    rules={[{ required: true }]}
                                  >
                                    <InputNumber
                                      min={1}
                                      max={L.timeLengthMax}
                                      precision={0}
                                      style={{ width: '100%' }}
                                      data-testid={`sp-year-time-${i}-${j}`}
                                    />
                                  </Form.Item>
                                </Col>
                                <Col span={12}>
                                  <Form.Item
                                    name={[row.name, 'discount']}
                                    label={t('servicePackageAdmin.fields.discount')}
                                    rules={[{ required: true }]}
                                  >
                                    <InputNumber
                                      min={1}
                                      max={100}
                                      precision={0}
                                      suffix="%"
                                      style={{ width: '100%' }}
                                    />
                                  </Form.Item>
                                </Col>
                                <Col span={12}>
                                  <Form.Item
                                    name={[row.name, 'serviceFee']}
                                    label={t('servicePackageAdmin.fields.serviceFee')}
                                    rules={[{ required: true }]}
                                  >
                                    <InputNumber
                                      min={0}
                                      max={L.feeMax / 100}
                                      precision={2}
                                      style={{ width: '100%' }}
                                      data-testid={`sp-year-service-${i}-${j}`}
                                    />
                                  </Form.Item>
                                </Col>
                                <Col span={12}>
                                  <Form.Item
                                    name={[row.name, 'dataFee']}
                                    label={t('servicePackageAdmin.fields.dataFee')}
                                    rules={[{ required: true }]}
                                  >
                                    <InputNumber
                                      min={0}
                                      max={L.feeMax / 100}
                                      precision={2}
                                      style={{ width: '100%' }}
                                      data-testid={`sp-year-data-${i}-${j}`}
                                    />
                                  </Form.Item>
                                </Col>
                                <Col span={12}>
                                  <Form.Item
                                    name={[row.name, 'presentationMonth']}
                                    label={t('servicePackageAdmin.fields.presentationMonth')}
                                  >
                                    <InputNumber
                                      min={0}
                                      max={L.presentationMonthMax}
                                      precision={0}
                                      style={{ width: '100%' }}
                                    />
                                  </Form.Item>
                                </Col>
                                <Col span={12}>
                                  <Form.Item
                                    name={[row.name, 'topStatus']}
                                    label={t('servicePackageAdmin.fields.topStatus')}
                                    valuePropName="checked"
                                  >
                                    <Switch />
                                  </Form.Item>
                                </Col>
                              </Row>
                            </Card>
                          ))}
                          {rows.length < L.yearsPerLevelMax ? (
                            <Button
                              block
                              type="dashed"
                              onClick={() => rowOps.add(newYear(12 * (rows.length + 1)))}
                              data-testid={`sp-add-year-${i}`}
                            >
                              {t('servicePackageAdmin.addYear')}
                            </Button>
                          ) : null}
                        </Space>
                      )}
                    </Form.List>
                  </Card>
                </Col>
              ))}
            </Row>
            {fields.length < L.levelsMax ? (
              <Button
                type="dashed"
                style={{ marginTop: 16 }}
                onClick={() => add(newLevel())}
                data-testid="sp-add-level"
              >
                {t('servicePackageAdmin.addLevel')}
              </Button>
            ) : null}
          </>
        )}
      </Form.List>

      <Card size="small" title={t('servicePackageAdmin.freePackage')} style={{ marginTop: 16 }}>
        <Form.Item name="freeOn" valuePropName="checked" label={t('servicePackageAdmin.freeOn')}>
          <Switch />
        </Form.Item>
        {freeOn ? (
          <Row gutter={8}>
            <Col xs={24} md={6}>
              <Form.Item
                name="freeLevelName"
                label={t('servicePackageAdmin.fields.levelName')}
                rules={[{ required: true }]}
              >
                <Select
                  options={levels
                    .filter((l) => l?.levelName)
                    .map((l) => ({ value: l.levelName, label: l.levelName }))}
                />
              </Form.Item>
            </Col>
            <Col xs={8} md={6}>
              <Form.Item
                name="freeMonths"
                label={t('servicePackageAdmin.fields.months')}
                rules={[{ required: true }]}
              >
                <InputNumber min={1} max={L.freeMonthsMax} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={8} md={6}>
              <Form.Item name="freeSmsCount" label={t('servicePackageAdmin.fields.smsCount')}>
                <InputNumber min={0} max={L.freeCountMax} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={8} md={6}>
              <Form.Item name="freeVoiceCount" label={t('servicePackageAdmin.fields.voiceCount')}>
                <InputNumber min={0} max={L.freeCountMax} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
        ) : null}
      </Card>

      <Card size="small" title={t('servicePackageAdmin.deviceTypes')} style={{ marginTop: 16 }}>
        <Form.Item name="deviceTypeIds" label={t('servicePackageAdmin.deviceTypesHint')}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            loading={types.isLoading}
            options={(types.data ?? []).map((o) => ({ value: o.id, label: `${o.typeName} (${o.typeCode})` }))}
            data-testid="sp-types"
          />
        </Form.Item>
      </Card>
    </Form>
  );
}
