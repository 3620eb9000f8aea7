import { Alert, Drawer, Flex, Radio, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PurchaseDevice, purchaseApi, type ServiceLevel, useLevelYears } from '../../api/purchase.ts';
import { useIsPhone } from '../../shell/use-viewport.ts';
import { PAY_DRAWER_WIDTH } from './constants.ts';
import { type OrderRequest, type PaidOrder, PayPanel } from './PayPanel.tsx';
import { batchTotal, shownDiscount } from './purchase-rules.ts';
import { usePurchaseFormat } from './use-purchase-format.ts';

/**
 * The payment drawer of a level (001 §2.3): the level's year options (the recommended one first
 * chosen), then the pay panel. One device orders with createDeviceDeposit, chosen devices with
 * createDeviceListDeposit; the total is the price per device times the count (001 §9).
 */
export function PaymentDrawer({
  level,
  servicePackageId,
  devices,
  batch,
  onClose,
  onPaid,
}: {
  level: ServiceLevel | null;
  servicePackageId: number | null;
  devices: PurchaseDevice[];
  batch: boolean;
  onClose: () => void;
  onPaid: (paid: PaidOrder) => void;
}) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const format = usePurchaseFormat();
  const first = devices[0];
  const years = useLevelYears(
    level && first ? { deviceId: first.deviceId, levelId: level.levelId, packageId: level.packageId } : null,
  );
  const [yearId, setYearId] = useState<number | null>(null);

  // The recommended year row is chosen first, else the first one.
  useEffect(() => {
    const list = years.data ?? [];
    if (list.length === 0) return;
    if (yearId !== null && list.some((row) => row.id === yearId)) return;
    const recommended = list.find((row) => Boolean(row.topStatus)) ?? list[0];
    if (recommended) setYearId(recommended.id);
  }, [years.data, yearId]);

  const year = years.data?.find((row) => row.id === yearId) ?? null;
  const total = year ? batchTotal(year.payFee, devices.length) : null;
  const ids = useMemo(() => devices.map((d) => d.deviceId), [devices]);

  const request: OrderRequest | null =
    level && year && servicePackageId !== null && total !== null && first
      ? {
          key: `service|${ids.join(',')}|${level.levelId}|${year.id}|${total}`,
          create: (choice) => {
            const body = {
              ...choice,
              levelId: level.levelId,
              levelYearId: year.id,
              servicePackageId,
              serviceFee: year.payFee,
              totalFee: total,
              ...(year.activityId ? { activityId: year.activityId } : {}),
              ...(year.presentationMonth ? { presentationMonth: year.presentationMonth } : {}),
            };
            return batch
              ? purchaseApi.createDeviceList({ ...body, deviceIdList: ids })
              : purchaseApi.createDevice({
                  ...body,
                  deviceId: first.deviceId,
                  ...(first.simIccid ? { simIccid: first.simIccid } : {}),
                });
          },
        }
      : null;

  return (
    <Drawer
      open={level !== null}
      onClose={onClose}
      size={phone ? '100%' : PAY_DRAWER_WIDTH}
      title={level ? t('purchase.pay.title', { level: level.levelName }) : ''}
      destroyOnHidden
      data-testid="purchase-pay-drawer"
    >
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        {batch ? (
          <Alert type="info" showIcon title={t('purchase.batch.count', { count: devices.length })} />
        ) : null}
        <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
          <legend style={{ fontWeight: 600, marginBottom: 8 }}>{t('purchase.pay.period')}</legend>
          {years.isPending && years.fetchStatus !== 'idle' ? (
            <Spin aria-label={t('purchase.loading')} />
          ) : (years.data ?? []).length === 0 ? (
            <Alert type="warning" showIcon title={t('purchase.pay.noYears')} />
          ) : (
            <Radio.Group
              value={yearId}
              onChange={(event) => setYearId(Number(event.target.value))}
              style={{ width: '100%' }}
              data-testid="purchase-years"
            >
              <Flex vertical gap={8}>
                {(years.data ?? []).map((row) => {
                  const discount = format.discount(shownDiscount(row));
                  return (
                    <Radio key={row.id} value={row.id} data-testid={`purchase-year-${row.id}`}>
                      <Flex gap={8} wrap align="center">
                        <Typography.Text strong>{format.period(row.timeLength)}</Typography.Text>
                        <Typography.Text>{format.money(row.payFee)}</Typography.Text>
                        {discount ? <Tag color="red">{discount}</Tag> : null}
                        {row.presentationMonth > 0 ? (
                          <Tag color="gold">
                            {t('purchase.bonusMonths', { count: row.presentationMonth })}
                          </Tag>
                        ) : null}
                        {row.topStatus ? <Tag color="blue">{t('purchase.recommended')}</Tag> : null}
                      </Flex>
                    </Radio>
                  );
                })}
              </Flex>
            </Radio.Group>
          )}
        </fieldset>
        {batch && year ? (
          <Typography.Text data-testid="purchase-batch-total">
            {t('purchase.batch.total', {
              count: devices.length,
              unit: format.money(year.payFee),
              total: format.money(total ?? 0),
            })}
          </Typography.Text>
        ) : null}
        <PayPanel request={request} amount={total} hint={t('purchase.pay.choosePeriod')} onPaid={onPaid} />
      </Space>
    </Drawer>
  );
}
