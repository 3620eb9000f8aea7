import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DEVICE_INTERVAL_MAX_S,
  DEVICE_INTERVAL_MIN_S,
  EMAIL_PATTERN,
  PHONE_PATTERN,
  WAYBILL_ADDRESS_MAX,
  WAYBILL_AIR_START_WAYS,
  WAYBILL_COMPANY_MAX,
  WAYBILL_CONTACT_NAME_MAX,
  WAYBILL_CONTACTS_MAX,
  WAYBILL_COOLER_CODE_MAX,
  WAYBILL_EXPRESS_NUMBER_MAX,
  WAYBILL_FENCE_EVENTS,
  WAYBILL_GOODS_NAME_MAX,
  WAYBILL_HUMIDITY_MAX,
  WAYBILL_HUMIDITY_MIN,
  WAYBILL_ORDER_NUM_MAX,
  WAYBILL_PERSON_NAME_MAX,
  WAYBILL_START_DELAY_MAX_MIN,
  WAYBILL_TRIGGERS,
  type WaybillDetail,
} from '@coldchain/shared';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Col,
  DatePicker,
  Divider,
  Form,
  type FormRule,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Switch,
} from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { devicesApi, useTimeZones } from '../../../api/devices.ts';
import { useFenceOptions, useTrackTemplates, waybillApi } from '../../../api/waybill.ts';
import { flash, toastSuccess } from '../../../app/feedback.ts';
import { EmojiFreeInput } from '../../../components/EmojiFreeInput.tsx';
import { showSaveError } from '../../../components/schema-rules.ts';
import { temperatureBounds, temperatureSymbol } from '../shared/temperature.ts';
import { useTemperatureUnit } from '../shared/use-temperature-unit.ts';
import { EMPTY_WAYBILL, insertOf, type WaybillFormValues } from '../shared/waybill-form.ts';
import {
  airStartNotAfterStop,
  clampToPeriod,
  endAfterStart,
  limitsInOrder,
} from '../shared/waybill-rules.ts';
import { SaveTemplateModal } from './SaveTemplateModal.tsx';

const FIELD_NAMES = Object.keys({
  ...EMPTY_WAYBILL,
  orderNum: 0,
  goodsName: 0,
  expressNumber: 0,
  coolerCode: 0,
  deviceId: 0,
  timeZone: 0,
  trackTemplateId: 0,
  recordInterval: 0,
  uploadInterval: 0,
  alarmRecordInterval: 0,
  alarmUploadInterval: 0,
  upperLimit: 0,
  lowerLimit: 0,
  warnUpperLimit: 0,
  warnLowerLimit: 0,
  humidityUpperLimit: 0,
  humidityLowerLimit: 0,
  startTime: 0,
  endTime: 0,
  startFenceId: 0,
  stopFenceId: 0,
  airStartWay: 0,
  airStartTime: 0,
  airStopTime: 0,
  fenceModelId: 0,
  deliveryMan: 0,
  deliveryPhone: 0,
  deliveryCompany: 0,
  deliveryAddress: 0,
  receiverMan: 0,
  receiverPhone: 0,
  receiverCompany: 0,
  receiverAddress: 0,
  expectedReceiveTime: 0,
});

export interface WaybillFormModalProps {
  open: boolean;
  /** The waybill being edited; null adds a new one. */
  editing: WaybillDetail | null;
  /** What a new waybill starts with (a template's content). */
  initial: WaybillFormValues;
  onClose: () => void;
  onSaved: (waybill: WaybillDetail) => void;
}

const timeOf = (d: Dayjs | undefined | null) => (d ? d.valueOf() : undefined);

/**
 * Adding and editing a waybill with every field of 002 §3 and the rules of 002 §5: upper above lower,
 * warning limits inside them, end after start, the air-mode start not after its stop, and air-mode
 * times brought inside the waybill period ("selected time corrected to waybill time"). A started
 * waybill changes only its parties, contacts and receive settings (the server says so otherwise).
 */
export function WaybillFormModal({ open, editing, initial, onClose, onSaved }: WaybillFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<WaybillFormValues>();
  const [saving, setSaving] = useState(false);
  const [templateOpen, setTemplateOpen] = useState(false);
  const zones = useTimeZones(open);
  const fences = useFenceOptions(open);
  const tracks = useTrackTemplates(open);
  // Temperatures are entered in the account's unit; an edited waybill came in the unit it names.
  const accountUnit = useTemperatureUnit();
  const unit = editing?.temperatureUnit ?? accountUnit;
  const bounds = temperatureBounds(unit);
  const devices = useQuery({
    queryKey: ['waybill', 'deviceOptions'],
    queryFn: ({ signal }) =>
      devicesApi.page({ start: 1, pageSize: 200, sortField: 'deviceName', sortOrder: 'ascend' }, signal),
    enabled: open,
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initial);
  }, [open, initial, form]);

  const startTrigger = Form.useWatch('startTrigger', form);
  const stopTrigger = Form.useWatch('stopTrigger', form);
  const airFlag = Form.useWatch('airFlag', form);
  const airStartWay = Form.useWatch('airStartWay', form);
  const started = editing !== null && editing.waybillState !== 0;

  const required = (label: string): FormRule => ({
    required: true,
    message: t('waybill.rules.required', { field: label }),
  });
  const maxLength = (max: number): FormRule => ({ max, message: t('waybill.rules.maxLength', { max }) });
  const phoneRule: FormRule = { pattern: PHONE_PATTERN, message: t('waybill.rules.phone') };
  const emailRule: FormRule = { pattern: EMAIL_PATTERN, message: t('waybill.rules.email') };

  /** A rule comparing a field with another one of the form. */
  const across =
    (check: (get: (name: keyof WaybillFormValues) => unknown) => boolean, message: string): FormRule =>
    ({ getFieldValue }) => ({
      validator: () => (check(getFieldValue) ? Promise.resolve() : Promise.reject(new Error(message))),
    });
  const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
  const time = (v: unknown) => (dayjs.isDayjs(v) ? v.valueOf() : undefined);

  /** Air-mode times chosen outside the waybill period move inside it, and the user is told (002 §5). */
  const correctAirTimes = () => {
    const start = timeOf(form.getFieldValue('startTime'));
    const end = timeOf(form.getFieldValue('endTime'));
    if (start === undefined || end === undefined || end <= start) return;
    const airStart = timeOf(form.getFieldValue('airStartTime'));
    const airStop = timeOf(form.getFieldValue('airStopTime'));
    if (airStart === undefined && airStop === undefined) return;
    const { range, corrected } = clampToPeriod({ start: airStart, end: airStop }, { start, end });
    if (!corrected) return;
    form.setFieldsValue({
      ...(airStart === undefined ? {} : { airStartTime: dayjs(range.start) }),
      ...(airStop === undefined ? {} : { airStopTime: dayjs(range.end) }),
    });
    flash('warning', t('waybill.form.timeCorrected'));
  };

  const save = async (values: WaybillFormValues) => {
    setSaving(true);
    try {
      const body = insertOf(values);
      const saved = editing
        ? await waybillApi.update({ ...body, id: editing.id })
        : await waybillApi.insert(body);
      toastSuccess(editing ? 'edit' : 'add');
      // The server also brings air-mode times inside the waybill period (its answer's message says
      // so, which the envelope's data does not carry): a changed time is that correction.
      const moved = (['airStartTime', 'airStopTime'] as const).some(
        (field) => body[field] !== undefined && body[field] !== null && saved[field] !== body[field],
      );
      if (moved) flash('warning', t('waybill.form.timeCorrected'));
      onSaved(saved);
    } catch (error) {
      showSaveError(form, error, { fields: FIELD_NAMES });
    } finally {
      setSaving(false);
    }
  };

  const section = (title: string) => (
    <Divider titlePlacement="start" style={{ marginBlock: 8 }}>
      {title}
    </Divider>
  );
  const half = (node: ReactNode) => (
    <Col xs={24} md={12}>
      {node}
    </Col>
  );
  const temperature = (
    name: keyof WaybillFormValues,
    label: string,
    rules: FormRule[] = [],
    dependencies: (keyof WaybillFormValues)[] = [],
  ) => (
    <Form.Item name={name} label={label} rules={rules} dependencies={dependencies}>
      <InputNumber
        min={bounds.min}
        max={bounds.max}
        step={0.1}
        suffix={temperatureSymbol(unit)}
        style={{ width: '100%' }}
        disabled={started}
        data-testid={`waybill-form-${name}`}
      />
    </Form.Item>
  );
  const interval = (name: keyof WaybillFormValues, label: string) => (
    <Form.Item name={name} label={label}>
      <InputNumber
        min={DEVICE_INTERVAL_MIN_S}
        max={DEVICE_INTERVAL_MAX_S}
        precision={0}
        suffix={t('waybill.form.seconds')}
        style={{ width: '100%' }}
        disabled={started}
        placeholder={t('waybill.form.deviceDefault')}
      />
    </Form.Item>
  );
  const dateTime = (
    name: keyof WaybillFormValues,
    label: string,
    rules: FormRule[] = [],
    onChange?: () => void,
  ) => (
    <Form.Item name={name} label={label} rules={rules}>
      <DatePicker
        showTime
        format="YYYY-MM-DD HH:mm"
        style={{ width: '100%' }}
        disabled={started}
        onChange={onChange}
        data-testid={`waybill-form-${name}`}
      />
    </Form.Item>
  );
  const text = (
    name: keyof WaybillFormValues,
    label: string,
    max: number,
    rules: FormRule[] = [],
    locked = started,
  ) => (
    <Form.Item name={name} label={label} rules={[maxLength(max), ...rules]}>
      <EmojiFreeInput allowClear maxLength={max} disabled={locked} data-testid={`waybill-form-${name}`} />
    </Form.Item>
  );
  const fenceOptions = (fences.data?.data ?? []).map((f) => ({ value: f.id, label: f.name }));
  const triggerOptions = WAYBILL_TRIGGERS.map((v) => ({ value: v, label: t(`waybill.trigger.${v}`) }));
  const eventOptions = WAYBILL_FENCE_EVENTS.map((v) => ({ value: v, label: t(`waybill.fenceEvent.${v}`) }));
  /** The geofence and its event that start or stop the waybill. */
  const fenceFields = (end: 'start' | 'stop') => (
    <>
      {half(
        <Form.Item
          name={`${end}FenceId`}
          label={t(`waybill.fields.${end}Fence`)}
          rules={[required(t(`waybill.fields.${end}Fence`))]}
        >
          <Select options={fenceOptions} placeholder={t('common.select')} disabled={started} />
        </Form.Item>,
      )}
      {half(
        <Form.Item name={`${end}FenceEvent`} label={t(`waybill.fields.${end}FenceEvent`)}>
          <Select options={eventOptions} disabled={started} />
        </Form.Item>,
      )}
    </>
  );

  return (
    <Modal
      open={open}
      width={920}
      title={editing ? t('waybill.form.editTitle') : t('waybill.form.addTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={() => setTemplateOpen(true)} data-testid="waybill-form-save-template">
            {t('waybill.template.saveAs')}
          </Button>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            loading={saving}
            onClick={() => form.submit()}
            data-testid="waybill-form-submit"
          >
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      {started ? (
        <Alert type="info" showIcon title={t('waybill.form.startedLocked')} style={{ marginBottom: 12 }} />
      ) : null}
      <Form<WaybillFormValues>
        form={form}
        layout="vertical"
        onFinish={(values) => void save(values)}
        initialValues={initial}
        style={{ maxHeight: '65vh', overflowY: 'auto', overflowX: 'hidden', paddingRight: 8 }}
      >
        {section(t('waybill.form.sections.basic'))}
        <Row gutter={16}>
          {half(
            text('orderNum', t('waybill.fields.orderNum'), WAYBILL_ORDER_NUM_MAX, [
              required(t('waybill.fields.orderNum')),
            ]),
          )}
          {half(text('goodsName', t('waybill.fields.goodsName'), WAYBILL_GOODS_NAME_MAX, [], false))}
          {half(
            <Form.Item
              name="expressNumber"
              label={t('waybill.fields.expressNumber')}
              tooltip={t('waybill.form.expressHint')}
              rules={[
                maxLength(WAYBILL_EXPRESS_NUMBER_MAX),
                { pattern: /^[A-Za-z0-9\-,，\s]*$/, message: t('waybill.rules.expressNumber') },
              ]}
            >
              <Input
                allowClear
                maxLength={WAYBILL_EXPRESS_NUMBER_MAX}
                data-testid="waybill-form-expressNumber"
              />
            </Form.Item>,
          )}
          {half(text('coolerCode', t('waybill.fields.coolerCode'), WAYBILL_COOLER_CODE_MAX, [], false))}
          {half(
            <Form.Item
              name="deviceId"
              label={t('waybill.fields.device')}
              rules={[required(t('waybill.fields.device'))]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('common.select')}
                loading={devices.isFetching}
                disabled={started}
                options={(devices.data?.data ?? []).map((d) => ({
                  value: d.id,
                  label: `${d.deviceName} (${d.deviceGuid})`,
                }))}
                data-testid="waybill-form-device"
              />
            </Form.Item>,
          )}
          {half(
            <Form.Item name="timeZone" label={t('waybill.fields.timeZone')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('waybill.form.deviceDefault')}
                disabled={started}
                loading={zones.isFetching}
                options={(zones.data ?? []).map((z) => ({ value: z.dataValue, label: z.label }))}
              />
            </Form.Item>,
          )}
          {half(
            <Form.Item name="trackTemplateId" label={t('waybill.fields.trackTemplate')}>
              <Select
                allowClear
                placeholder={t('common.select')}
                options={(tracks.data?.data ?? []).map((tt) => ({ value: tt.id, label: tt.name }))}
              />
            </Form.Item>,
          )}
        </Row>

        {section(t('waybill.form.sections.limits'))}
        <Row gutter={16}>
          {half(
            temperature('lowerLimit', t('waybill.fields.lowerLimit'), [
              required(t('waybill.fields.lowerLimit')),
            ]),
          )}
          {half(
            temperature(
              'upperLimit',
              t('waybill.fields.upperLimit'),
              [
                required(t('waybill.fields.upperLimit')),
                across(
                  (get) => limitsInOrder(num(get('lowerLimit')), num(get('upperLimit'))),
                  t('waybill.rules.upperAboveLower'),
                ),
              ],
              ['lowerLimit'],
            ),
          )}
          {half(
            temperature(
              'warnLowerLimit',
              t('waybill.fields.warnLowerLimit'),
              [
                across((get) => {
                  const warn = num(get('warnLowerLimit'));
                  const lower = num(get('lowerLimit'));
                  return warn === undefined || lower === undefined || warn >= lower;
                }, t('waybill.rules.warnInside')),
              ],
              ['lowerLimit'],
            ),
          )}
          {half(
            temperature(
              'warnUpperLimit',
              t('waybill.fields.warnUpperLimit'),
              [
                across(
                  (get) => limitsInOrder(num(get('warnLowerLimit')), num(get('warnUpperLimit'))),
                  t('waybill.rules.upperAboveLower'),
                ),
                across((get) => {
                  const warn = num(get('warnUpperLimit'));
                  const upper = num(get('upperLimit'));
                  return warn === undefined || upper === undefined || warn <= upper;
                }, t('waybill.rules.warnInside')),
              ],
              ['warnLowerLimit', 'upperLimit'],
            ),
          )}
          {half(
            <Form.Item name="humidityLowerLimit" label={t('waybill.fields.humidityLowerLimit')}>
              <InputNumber
                min={WAYBILL_HUMIDITY_MIN}
                max={WAYBILL_HUMIDITY_MAX}
                suffix="%RH"
                style={{ width: '100%' }}
                disabled={started}
              />
            </Form.Item>,
          )}
          {half(
            <Form.Item
              name="humidityUpperLimit"
              label={t('waybill.fields.humidityUpperLimit')}
              dependencies={['humidityLowerLimit']}
              rules={[
                across(
                  (get) => limitsInOrder(num(get('humidityLowerLimit')), num(get('humidityUpperLimit'))),
                  t('waybill.rules.upperAboveLower'),
                ),
              ]}
            >
              <InputNumber
                min={WAYBILL_HUMIDITY_MIN}
                max={WAYBILL_HUMIDITY_MAX}
                suffix="%RH"
                style={{ width: '100%' }}
                disabled={started}
              />
            </Form.Item>,
          )}
          {half(
            <Form.Item name="startDelay" label={t('waybill.fields.startDelay')}>
              <InputNumber
                min={0}
                max={WAYBILL_START_DELAY_MAX_MIN}
                precision={0}
                suffix={t('waybill.form.minutes')}
                style={{ width: '100%' }}
                disabled={started}
              />
            </Form.Item>,
          )}
        </Row>

        {section(t('waybill.form.sections.intervals'))}
        <Row gutter={16}>
          {half(interval('recordInterval', t('waybill.fields.recordInterval')))}
          {half(interval('uploadInterval', t('waybill.fields.uploadInterval')))}
          {half(interval('alarmRecordInterval', t('waybill.fields.alarmRecordInterval')))}
          {half(interval('alarmUploadInterval', t('waybill.fields.alarmUploadInterval')))}
        </Row>

        {section(t('waybill.form.sections.schedule'))}
        <Row gutter={16}>
          {half(
            <Form.Item name="startTrigger" label={t('waybill.fields.startTrigger')}>
              <Select options={triggerOptions} disabled={started} data-testid="waybill-form-startTrigger" />
            </Form.Item>,
          )}
          {half(
            <Form.Item name="stopTrigger" label={t('waybill.fields.stopTrigger')}>
              <Select options={triggerOptions} disabled={started} data-testid="waybill-form-stopTrigger" />
            </Form.Item>,
          )}
          {half(
            dateTime(
              'startTime',
              t('waybill.fields.startTime'),
              startTrigger === 'timed' ? [required(t('waybill.fields.startTime'))] : [],
              correctAirTimes,
            ),
          )}
          {half(
            <Form.Item
              name="endTime"
              label={t('waybill.fields.endTime')}
              dependencies={['startTime']}
              rules={[
                ...(stopTrigger === 'timed' ? [required(t('waybill.fields.endTime'))] : []),
                across(
                  (get) => endAfterStart(time(get('startTime')), time(get('endTime'))),
                  t('waybill.rules.endAfterStart'),
                ),
              ]}
            >
              <DatePicker
                showTime
                format="YYYY-MM-DD HH:mm"
                style={{ width: '100%' }}
                disabled={started}
                onChange={correctAirTimes}
                data-testid="waybill-form-endTime"
              />
            </Form.Item>,
          )}
          {startTrigger === 'geofence' ? fenceFields('start') : null}
          {stopTrigger === 'geofence' ? fenceFields('stop') : null}
          {half(
            <Form.Item
              name="devicePower"
              label={t('waybill.fields.devicePower')}
              valuePropName="checked"
              tooltip={t('waybill.form.devicePowerHint')}
            >
              <Switch disabled={started} />
            </Form.Item>,
          )}
        </Row>

        {section(t('waybill.form.sections.air'))}
        <Row gutter={16}>
          {half(
            <Form.Item
              name="airFlag"
              label={t('waybill.fields.airFlag')}
              valuePropName="checked"
              tooltip={t('waybill.form.airHint')}
            >
              <Switch disabled={started} data-testid="waybill-form-airFlag" />
            </Form.Item>,
          )}
          {airFlag ? (
            <>
              {half(
                <Form.Item
                  name="airStartWay"
                  label={t('waybill.fields.airStartWay')}
                  rules={[required(t('waybill.fields.airStartWay'))]}
                >
                  <Select
                    disabled={started}
                    options={WAYBILL_AIR_START_WAYS.map((v) => ({
                      value: v,
                      label: t(`waybill.trigger.${v}`),
                    }))}
                    data-testid="waybill-form-airStartWay"
                  />
                </Form.Item>,
              )}
              {airStartWay === 'geofence'
                ? half(
                    <Form.Item
                      name="fenceModelId"
                      label={t('waybill.fields.airFence')}
                      rules={[required(t('waybill.fields.airFence'))]}
                    >
                      <Select options={fenceOptions} placeholder={t('common.select')} disabled={started} />
                    </Form.Item>,
                  )
                : half(
                    dateTime(
                      'airStartTime',
                      t('waybill.fields.airStartTime'),
                      [required(t('waybill.fields.airStartTime'))],
                      correctAirTimes,
                    ),
                  )}
              {half(
                <Form.Item
                  name="airStopTime"
                  label={t('waybill.fields.airStopTime')}
                  dependencies={['airStartTime']}
                  rules={[
                    across(
                      (get) => airStartNotAfterStop(time(get('airStartTime')), time(get('airStopTime'))),
                      t('waybill.rules.airStartNotAfterStop'),
                    ),
                  ]}
                >
                  <DatePicker
                    showTime
                    format="YYYY-MM-DD HH:mm"
                    style={{ width: '100%' }}
                    disabled={started}
                    onChange={correctAirTimes}
                    data-testid="waybill-form-airStopTime"
                  />
                </Form.Item>,
              )}
            </>
          ) : null}
        </Row>

        {section(t('waybill.form.sections.parties'))}
        <Row gutter={16}>
          {half(text('deliveryMan', t('waybill.fields.deliveryMan'), WAYBILL_PERSON_NAME_MAX, [], false))}
          {half(text('deliveryPhone', t('waybill.fields.deliveryPhone'), 16, [phoneRule], false))}
          {half(text('deliveryCompany', t('waybill.fields.deliveryCompany'), WAYBILL_COMPANY_MAX, [], false))}
          {half(text('deliveryAddress', t('waybill.fields.deliveryAddress'), WAYBILL_ADDRESS_MAX, [], false))}
          {half(text('receiverMan', t('waybill.fields.receiverMan'), WAYBILL_PERSON_NAME_MAX, [], false))}
          {half(text('receiverPhone', t('waybill.fields.receiverPhone'), 16, [phoneRule], false))}
          {half(text('receiverCompany', t('waybill.fields.receiverCompany'), WAYBILL_COMPANY_MAX, [], false))}
          {half(text('receiverAddress', t('waybill.fields.receiverAddress'), WAYBILL_ADDRESS_MAX, [], false))}
        </Row>

        {section(t('waybill.form.sections.contacts'))}
        <Form.List name="contacts">
          {(items, { add, remove }) => (
            <Space orientation="vertical" style={{ width: '100%' }}>
              {items.map((item) => (
                <Row gutter={8} key={item.key} align="top">
                  <Col xs={24} md={7}>
                    <Form.Item
                      name={[item.name, 'name']}
                      rules={[required(t('waybill.fields.contactName')), maxLength(WAYBILL_CONTACT_NAME_MAX)]}
                    >
                      <EmojiFreeInput
                        placeholder={t('waybill.fields.contactName')}
                        maxLength={WAYBILL_CONTACT_NAME_MAX}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={7}>
                    <Form.Item
                      name={[item.name, 'phone']}
                      rules={[
                        phoneRule,
                        ({ getFieldValue }) => ({
                          validator: (_r, value: string | undefined) =>
                            value?.trim() ||
                            String(getFieldValue(['contacts', item.name, 'email']) ?? '').trim()
                              ? Promise.resolve()
                              : Promise.reject(new Error(t('waybill.rules.phoneOrEmail'))),
                        }),
                      ]}
                      dependencies={[['contacts', item.name, 'email']]}
                    >
                      <Input placeholder={t('waybill.fields.contactPhone')} maxLength={16} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={8}>
                    <Form.Item name={[item.name, 'email']} rules={[emailRule]}>
                      <Input placeholder={t('waybill.fields.contactEmail')} maxLength={254} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={2}>
                    <Button
                      icon={<DeleteOutlined />}
                      onClick={() => remove(item.name)}
                      aria-label={t('waybill.actions.delete')}
                    />
                  </Col>
                </Row>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={items.length >= WAYBILL_CONTACTS_MAX}
                onClick={() => add({ name: '', phone: '', email: '' })}
              >
                {t('waybill.form.addContact', { max: WAYBILL_CONTACTS_MAX })}
              </Button>
            </Space>
          )}
        </Form.List>

        {section(t('waybill.form.sections.receive'))}
        <Row gutter={16}>
          {half(
            <Form.Item
              name="expectedReceiveTime"
              label={t('waybill.fields.expectedReceiveTime')}
              dependencies={['receiveAlarm']}
              rules={[
                across(
                  (get) => get('receiveAlarm') !== true || dayjs.isDayjs(get('expectedReceiveTime')),
                  t('waybill.rules.receiveTimeRequired'),
                ),
              ]}
            >
              <DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
            </Form.Item>,
          )}
          {half(
            <Form.Item
              name="receiveAlarm"
              label={t('waybill.fields.receiveAlarm')}
              valuePropName="checked"
              tooltip={t('waybill.form.receiveAlarmHint')}
            >
              <Switch />
            </Form.Item>,
          )}
        </Row>
      </Form>
      <SaveTemplateModal
        open={templateOpen}
        values={() => form.getFieldsValue(true)}
        onClose={() => setTemplateOpen(false)}
      />
    </Modal>
  );
}
