import type { WaybillDetail } from '@coldchain/shared';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFenceOptions, useTrackTemplates } from '../../../api/waybill.ts';
import { formatZoned } from '../../../components/clock.ts';
import { limitsText } from '../shared/temperature.ts';

/** Every field of the waybill (002 §3), grouped as the form groups them. */
export function InfoTab({ waybill }: { waybill: WaybillDetail }) {
  const { t } = useTranslation();
  const fences = useFenceOptions();
  const tracks = useTrackTemplates();
  const zone = waybill.timeZone;
  const time = (ms: number | null) => (ms === null ? '-' : formatZoned(ms, zone, false));
  const text = (v: string | number | null) => (v === null || v === '' ? '-' : String(v));
  const fenceName = (id: number | null) =>
    id === null ? '-' : (fences.data?.data.find((f) => f.id === id)?.name ?? `#${id}`);
  const yesNo = (flag: number) => (flag === 1 ? t('waybill.info.yes') : t('waybill.info.no'));
  const seconds = (v: number | null) => (v === null ? '-' : t('waybill.info.seconds', { count: v }));
  const trigger = (kind: 'start' | 'stop') => {
    const value = kind === 'start' ? waybill.startTrigger : waybill.stopTrigger;
    const label = t(`waybill.trigger.${value}`);
    if (value !== 'geofence') return label;
    const fence = kind === 'start' ? waybill.startFenceId : waybill.stopFenceId;
    const event = kind === 'start' ? waybill.startFenceEvent : waybill.stopFenceEvent;
    return `${label}: ${fenceName(fence)} (${t(`waybill.fenceEvent.${event}`)})`;
  };
  const items: { key: string; label: string; children: string }[] = [
    { key: 'orderNum', label: t('waybill.fields.orderNum'), children: waybill.orderNum },
    { key: 'goodsName', label: t('waybill.fields.goodsName'), children: text(waybill.goodsName) },
    { key: 'expressNumber', label: t('waybill.fields.expressNumber'), children: text(waybill.expressNumber) },
    { key: 'coolerCode', label: t('waybill.fields.coolerCode'), children: text(waybill.coolerCode) },
    {
      key: 'device',
      label: t('waybill.fields.device'),
      children: `${waybill.deviceName} (${waybill.deviceGuid})`,
    },
    { key: 'timeZone', label: t('waybill.fields.timeZone'), children: zone },
    {
      key: 'limits',
      label: t('waybill.fields.limits'),
      children: limitsText(waybill.lowerLimit, waybill.upperLimit, waybill.temperatureUnit),
    },
    {
      key: 'warn',
      label: t('waybill.info.warnLimits'),
      children:
        waybill.warnLowerLimit === null && waybill.warnUpperLimit === null
          ? '-'
          : limitsText(waybill.warnLowerLimit, waybill.warnUpperLimit, waybill.temperatureUnit),
    },
    {
      key: 'humidity',
      label: t('waybill.info.humidityLimits'),
      children:
        waybill.humidityLowerLimit === null && waybill.humidityUpperLimit === null
          ? '-'
          : `${text(waybill.humidityLowerLimit)} ~ ${text(waybill.humidityUpperLimit)} %RH`,
    },
    {
      key: 'startDelay',
      label: t('waybill.fields.startDelay'),
      children: t('waybill.info.minutes', { count: waybill.startDelay }),
    },
    {
      key: 'recordInterval',
      label: t('waybill.fields.recordInterval'),
      children: seconds(waybill.recordInterval),
    },
    {
      key: 'uploadInterval',
      label: t('waybill.fields.uploadInterval'),
      children: seconds(waybill.uploadInterval),
    },
    {
      key: 'alarmRecordInterval',
      label: t('waybill.fields.alarmRecordInterval'),
      children: seconds(waybill.alarmRecordInterval),
    },
    {
      key: 'alarmUploadInterval',
      label: t('waybill.fields.alarmUploadInterval'),
      children: seconds(waybill.alarmUploadInterval),
    },
    { key: 'startTrigger', label: t('waybill.fields.startTrigger'), children: trigger('start') },
    { key: 'stopTrigger', label: t('waybill.fields.stopTrigger'), children: trigger('stop') },
    { key: 'startTime', label: t('waybill.fields.startTime'), children: time(waybill.startTime) },
    { key: 'endTime', label: t('waybill.fields.endTime'), children: time(waybill.endTime) },
    { key: 'devicePower', label: t('waybill.fields.devicePower'), children: yesNo(waybill.devicePower) },
    { key: 'airFlag', label: t('waybill.fields.airFlag'), children: yesNo(waybill.airFlag) },
    ...(waybill.airFlag === 1
      ? [
          {
            key: 'airStartWay',
            label: t('waybill.fields.airStartWay'),
            children: waybill.airStartWay ? t(`waybill.trigger.${waybill.airStartWay}`) : '-',
          },
          {
            key: 'airStart',
            label: t('waybill.fields.airStartTime'),
            children:
              waybill.airStartWay === 'geofence'
                ? fenceName(waybill.fenceModelId)
                : time(waybill.airStartTime),
          },
          { key: 'airStop', label: t('waybill.fields.airStopTime'), children: time(waybill.airStopTime) },
        ]
      : []),
    {
      key: 'track',
      label: t('waybill.fields.trackTemplate'),
      children:
        waybill.trackTemplateId === null
          ? '-'
          : (tracks.data?.data.find((tt) => tt.id === waybill.trackTemplateId)?.name ??
            `#${waybill.trackTemplateId}`),
    },
    { key: 'deliveryMan', label: t('waybill.fields.deliveryMan'), children: text(waybill.deliveryMan) },
    { key: 'deliveryPhone', label: t('waybill.fields.deliveryPhone'), children: text(waybill.deliveryPhone) },
    {
      key: 'deliveryCompany',
      label: t('waybill.fields.deliveryCompany'),
      children: text(waybill.deliveryCompany),
    },
    {
      key: 'deliveryAddress',
      label: t('waybill.fields.deliveryAddress'),
      children: text(waybill.deliveryAddress),
    },
    { key: 'receiverMan', label: t('waybill.fields.receiverMan'), children: text(waybill.receiverMan) },
    { key: 'receiverPhone', label: t('waybill.fields.receiverPhone'), children: text(waybill.receiverPhone) },
    {
      key: 'receiverCompany',
      label: t('waybill.fields.receiverCompany'),
      children: text(waybill.receiverCompany),
    },
    {
      key: 'receiverAddress',
      label: t('waybill.fields.receiverAddress'),
      children: text(waybill.receiverAddress),
    },
    {
      key: 'expectedReceiveTime',
      label: t('waybill.fields.expectedReceiveTime'),
      children: time(waybill.expectedReceiveTime),
    },
    { key: 'receiveAlarm', label: t('waybill.fields.receiveAlarm'), children: yesNo(waybill.receiveAlarm) },
    {
      key: 'contacts',
      label: t('waybill.form.sections.contacts'),
      children:
        waybill.contacts.length === 0
          ? '-'
          : waybill.contacts.map((c) => [c.name, c.phone, c.email].filter(Boolean).join(' ')).join('; '),
    },
    { key: 'createdAt', label: t('waybill.fields.createdAt'), children: time(waybill.createdAt) },
  ];
  return (
    <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} items={items} data-testid="waybill-info" />
  );
}
