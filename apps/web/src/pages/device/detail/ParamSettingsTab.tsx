import {
  DEVICE_CORRECTION_MAX,
  DEVICE_INTERVAL_MAX_S,
  DEVICE_INTERVAL_MIN_S,
  type DeviceCommand,
  type DeviceDetail,
  PROBE_NAME_MAX,
  paramPermissionCode,
} from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { FormInstance, FormRule, TableColumnType } from 'antd';
import {
  Alert,
  Button,
  Empty,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd';
import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceKeys, devicesApi, useParamSetting, useTimeZones } from '../../../api/devices.ts';
import { toastSuccess } from '../../../app/feedback.ts';
import { IfAction } from '../../../components/Access.tsx';
import { formatZonedIso } from '../../../components/clock.ts';
import { useDeviceGrant } from '../share/device-permission.ts';
import { showFormError } from '../shared/form-errors.ts';
import {
  type IntervalProblem,
  intervalProblems,
  type ProbeDraft,
  type ProbeProblem,
  type ProbeSetting,
  probeProblems,
  type SettingsDraft,
  settingsUpdate,
} from '../shared/param-rules.ts';

const COMMAND_COLORS: Record<DeviceCommand['state'], string> = {
  pending: 'processing',
  sent: 'blue',
  acked: 'success',
  failed: 'error',
};

function probeMessage(problem: ProbeProblem): string {
  switch (problem.rule) {
    case 'required':
      return i18next.t('device.params.required');
    case 'belowMin':
      return i18next.t('device.params.belowMin', { min: problem.min });
    case 'aboveMax':
      return i18next.t('device.params.aboveMax', { max: problem.max });
    case 'lowerBelowUpper':
      return i18next.t('device.params.lowerBelowUpper');
    case 'correctionRange':
      return i18next.t('device.params.correctionRange', { max: problem.max });
  }
}

function intervalMessage(problem: IntervalProblem): string {
  switch (problem.rule) {
    case 'required':
      return i18next.t('device.params.required');
    case 'intervalRange':
      return i18next.t('device.params.intervalRange', { min: problem.min, max: problem.max });
    case 'uploadNotShorter':
      return i18next.t('device.params.uploadNotShorter');
  }
}

/** A rule checking one probe field against the whole probe row (lower below upper needs both). */
function probeRule(
  form: FormInstance<SettingsDraft>,
  probe: ProbeSetting,
  index: number,
  field: ProbeProblem['field'],
): FormRule {
  return {
    validator: () => {
      const draft = form.getFieldValue(['probes', index]) as ProbeDraft | undefined;
      const problem = probeProblems(probe, draft ?? { probeId: probe.probeId }).find(
        (p) => p.field === field,
      );
      return problem ? Promise.reject(new Error(probeMessage(problem))) : Promise.resolve();
    },
  };
}

function intervalRule(form: FormInstance<SettingsDraft>, field: IntervalProblem['field']): FormRule {
  return {
    validator: () => {
      const problem = intervalProblems(
        form.getFieldValue('recordInterval') as number | null,
        form.getFieldValue('uploadInterval') as number | null,
      ).find((p) => p.field === field);
      return problem ? Promise.reject(new Error(intervalMessage(problem))) : Promise.resolve();
    },
  };
}

/** The newest settings command and how far the device has taken it (pending, sent, acknowledged). */
function CommandState({ command, zone }: { command: DeviceCommand | null; zone: string }) {
  const { t } = useTranslation();
  if (!command) return <Typography.Text type="secondary">{t('device.params.noCommand')}</Typography.Text>;
  const at = command.ackedAt ?? command.sentAt ?? command.createdAt;
  return (
    <Space wrap data-testid="param-command">
      <Typography.Text>{t('device.params.command')}</Typography.Text>
      <Tag color={COMMAND_COLORS[command.state]} data-testid="param-command-state">
        {t(`device.params.commandStates.${command.state}`)}
      </Tag>
      <Typography.Text type="secondary">{formatZonedIso(at, zone)}</Typography.Text>
      {command.state === 'failed' && command.result ? (
        <Typography.Text type="danger">{command.result}</Typography.Text>
      ) : null}
    </Space>
  );
}

/**
 * Parameter settings (002 §3, §5): per probe the limits within the type's settable range, lower below
 * upper, a correction and a name; the device's time zone and record/upload intervals. Saving queues a
 * settings command for the device; its state is shown and followed until the device acknowledges.
 */
export function ParamSettingsTab({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SettingsDraft>();
  const queryClient = useQueryClient();
  const settings = useParamSetting(device.id);
  const zones = useTimeZones();
  const [saving, setSaving] = useState(false);
  const data = settings.data;
  // A shared or organization device: the permission template hides and disables parameters.
  const grant = useDeviceGrant(device.id);
  const probeCode = (probe: ProbeSetting) => paramPermissionCode(probe.paramId);

  useEffect(() => {
    if (!data) return;
    form.setFieldsValue({
      timeZone: data.timeZone,
      recordInterval: data.recordInterval,
      uploadInterval: data.uploadInterval,
      probes: data.probes.map((p) => ({
        probeId: p.probeId,
        probeName: p.probeName,
        lowerLimit: p.lowerLimit,
        upperLimit: p.upperLimit,
        correctionValue: p.correctionValue,
      })),
    });
  }, [data, form]);

  if (!data) return settings.isFetching ? <Spin /> : <Empty />;
  const readOnly = device.useState === 'scrapped';
  const anyOperable =
    ['timeZone', 'recordInterval', 'uploadInterval'].some(grant.operable) ||
    data.probes.some((p) => grant.operable(probeCode(p)));

  const save = async (values: SettingsDraft) => {
    setSaving(true);
    try {
      const saved = await devicesApi.updateParamSetting(settingsUpdate(device.id, values));
      queryClient.setQueryData(deviceKeys.params(device.id), saved);
      void queryClient.invalidateQueries({ queryKey: deviceKeys.detail(device.id) });
      toastSuccess('save');
    } catch (error) {
      showFormError(form, error, ['timeZone', 'recordInterval', 'uploadInterval', 'probes']);
    } finally {
      setSaving(false);
    }
  };

  const revalidate = (index: number) =>
    void form.validateFields([
      ['probes', index, 'lowerLimit'],
      ['probes', index, 'upperLimit'],
    ]);

  /** The lower and upper limit columns, alike but for their field. */
  const limitColumn = (field: 'lowerLimit' | 'upperLimit'): TableColumnType<ProbeSetting> => {
    const short = field === 'lowerLimit' ? 'lower' : 'upper';
    return {
      key: short,
      title: t(`device.params.${field}`),
      render: (_: unknown, probe, index) => (
        <Form.Item
          name={['probes', index, field]}
          rules={[probeRule(form, probe, index, field)]}
          style={{ margin: 0 }}
        >
          <InputNumber
            disabled={!grant.operable(probeCode(probe))}
            step={10 ** -probe.precision}
            precision={probe.precision}
            onChange={() => revalidate(index)}
            data-testid={`param-${short}-${probe.probeId}`}
          />
        </Form.Item>
      ),
    };
  };

  return (
    <Form<SettingsDraft>
      form={form}
      layout="vertical"
      disabled={readOnly}
      // All values, not only those with an input: each probe's id travels with its row.
      onFinish={() => void save(form.getFieldsValue(true) as SettingsDraft)}
      data-testid="param-form"
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <CommandState command={data.command} zone={device.timeZone} />
        {readOnly ? <Alert type="warning" showIcon title={t('device.params.scrapped')} /> : null}
        <Space wrap align="start" size="large">
          <Form.Item
            name="timeZone"
            hidden={!grant.visible('timeZone')}
            label={t('device.fields.timeZone')}
            rules={[{ required: true, message: t('device.params.required') }]}
          >
            <Select
              disabled={!grant.operable('timeZone')}
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 280 }}
              options={(zones.data ?? []).map((z) => ({ value: z.dataValue, label: z.label }))}
            />
          </Form.Item>
          <Form.Item
            name="recordInterval"
            hidden={!grant.visible('recordInterval')}
            label={t('device.fields.recordInterval')}
            dependencies={['uploadInterval']}
            rules={[intervalRule(form, 'recordInterval')]}
          >
            <InputNumber
              disabled={!grant.operable('recordInterval')}
              min={DEVICE_INTERVAL_MIN_S}
              max={DEVICE_INTERVAL_MAX_S}
              precision={0}
              suffix={t('device.units.s')}
              style={{ width: 160 }}
              data-testid="param-record"
            />
          </Form.Item>
          <Form.Item
            name="uploadInterval"
            hidden={!grant.visible('uploadInterval')}
            label={t('device.fields.uploadInterval')}
            dependencies={['recordInterval']}
            rules={[intervalRule(form, 'uploadInterval')]}
          >
            <InputNumber
              disabled={!grant.operable('uploadInterval')}
              min={DEVICE_INTERVAL_MIN_S}
              max={DEVICE_INTERVAL_MAX_S}
              precision={0}
              suffix={t('device.units.s')}
              style={{ width: 160 }}
              data-testid="param-upload"
            />
          </Form.Item>
        </Space>
        <Table<ProbeSetting>
          rowKey="probeId"
          size="small"
          pagination={false}
          dataSource={data.probes}
          locale={{ emptyText: t('device.params.noProbes') }}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              key: 'param',
              title: t('device.params.probe'),
              render: (_: unknown, probe) => (
                <Space orientation="vertical" size={0}>
                  <Typography.Text>{probe.paramName}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('device.params.range', {
                      min: probe.min ?? '-∞',
                      max: probe.max ?? '+∞',
                      unit: probe.unitCode ?? '',
                    })}
                  </Typography.Text>
                </Space>
              ),
            },
            {
              key: 'name',
              title: t('device.params.probeName'),
              render: (_: unknown, probe, index) => (
                <Form.Item name={['probes', index, 'probeName']} noStyle>
                  <Input
                    disabled={!grant.operable(probeCode(probe))}
                    maxLength={PROBE_NAME_MAX}
                    style={{ width: 160 }}
                  />
                </Form.Item>
              ),
            },
            limitColumn('lowerLimit'),
            limitColumn('upperLimit'),
            {
              key: 'correction',
              title: t('device.params.correction'),
              render: (_: unknown, probe, index) => (
                <Form.Item
                  name={['probes', index, 'correctionValue']}
                  rules={[probeRule(form, probe, index, 'correctionValue')]}
                  style={{ margin: 0 }}
                >
                  <InputNumber
                    disabled={!grant.operable(probeCode(probe))}
                    min={-DEVICE_CORRECTION_MAX}
                    max={DEVICE_CORRECTION_MAX}
                    step={10 ** -probe.precision}
                    precision={probe.precision}
                  />
                </Form.Item>
              ),
            },
          ]}
        />
        {readOnly || !anyOperable ? null : (
          <IfAction action="edit">
            <Button type="primary" htmlType="submit" loading={saving} data-testid="param-save">
              {t('common.save')}
            </Button>
          </IfAction>
        )}
      </Space>
    </Form>
  );
}
