import { Alert, Button, Flex, Space, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePurchaseDevices } from '../../api/purchase.ts';
import { CurrentPackage } from './CurrentPackage.tsx';
import { PaidDialog, useRefreshAfterPurchase } from './PaidDialog.tsx';
import type { PaidOrder } from './PayPanel.tsx';

const SetMealDrawer = lazy(() => import('./SetMealDrawer.tsx'));
const SmsPurchaseDrawer = lazy(() => import('./SmsPurchaseDrawer.tsx'));

/**
 * A device's "recharge" tab (device detail): its current package, and the ways to renew or change it
 * (the set-meal drawer) and to buy SMS and voice counts.
 */
export default function RechargePanel({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const ids = [deviceId];
  const devices = usePurchaseDevices(ids);
  const refresh = useRefreshAfterPurchase();
  const [open, setOpen] = useState<'setMeal' | 'sms' | null>(null);
  const [paid, setPaid] = useState<PaidOrder | null>(null);
  const device = devices.data?.[0];

  if (devices.isPending && devices.fetchStatus !== 'idle') return <Spin aria-label={t('purchase.loading')} />;
  if (!device)
    return <Alert type="warning" showIcon title={devices.error?.message ?? t('purchase.errors.noDevice')} />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <CurrentPackage device={device} />
      <Flex gap={8} wrap>
        <Button type="primary" onClick={() => setOpen('setMeal')} data-testid="device-recharge-open">
          {t('purchase.entry.renew')}
        </Button>
        <Button onClick={() => setOpen('sms')} data-testid="device-recharge-sms">
          {t('purchase.sms.open')}
        </Button>
      </Flex>
      <Suspense fallback={null}>
        {open === 'setMeal' ? <SetMealDrawer open deviceId={deviceId} onClose={() => setOpen(null)} /> : null}
        {open === 'sms' ? (
          <SmsPurchaseDrawer
            devices={[device]}
            batch={false}
            onClose={() => setOpen(null)}
            onPaid={(result) => {
              setOpen(null);
              setPaid(result);
              refresh();
            }}
          />
        ) : null}
      </Suspense>
      <PaidDialog paid={paid} onClose={() => setPaid(null)} />
    </Space>
  );
}
