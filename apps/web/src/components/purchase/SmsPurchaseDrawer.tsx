import { Alert, Card, Drawer, Empty, Flex, Select, Space, Spin, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../api/profile.ts';
import { type CountsPackage, type PurchaseDevice, purchaseApi, useDepositView } from '../../api/purchase.ts';
import { OVERSEAS_EDITION } from '../../app/edition.ts';
import { useIsPhone } from '../../shell/use-viewport.ts';
import { SR_ONLY } from './CurrentPackage.tsx';
import { PAY_DRAWER_WIDTH } from './constants.ts';
import { type OrderRequest, type PaidOrder, PayPanel } from './PayPanel.tsx';
import {
  batchTotal,
  countsOrderable,
  initialCountryCode,
  shownDiscount,
  toggleChoice,
} from './purchase-rules.ts';
import { usePurchaseFormat } from './use-purchase-format.ts';

/** A package is charged its packageFee; its initial fee is the struck-through original beside it. */
const packagePrice = (pkg: CountsPackage) => pkg.packageFee;

function PackageChoices({
  kind,
  list,
  chosen,
  onChoose,
}: {
  kind: 'sms' | 'voice';
  list: CountsPackage[];
  chosen: number | null;
  onChoose: (id: number) => void;
}) {
  const { t } = useTranslation();
  const format = usePurchaseFormat();
  const legendId = `purchase-${kind}-legend`;
  return (
    <section aria-labelledby={legendId}>
      <Typography.Title level={5} id={legendId}>
        {t(kind === 'sms' ? 'purchase.sms.smsPackages' : 'purchase.sms.voicePackages')}
      </Typography.Title>
      {list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('purchase.sms.none')} />
      ) : (
        <Flex gap={8} wrap role="group" aria-labelledby={legendId}>
          {list.map((pkg) => {
            const selected = chosen === pkg.packageId;
            const discount = format.discount(shownDiscount(pkg));
            const count = kind === 'sms' ? pkg.smsCount : pkg.voiceCount;
            return (
              <Card
                key={pkg.packageId}
                size="small"
                hoverable
                role="button"
                tabIndex={0}
                aria-pressed={selected}
                onClick={() => onChoose(pkg.packageId)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    onChoose(pkg.packageId);
                  }
                }}
                style={{
                  flex: '1 1 140px',
                  maxWidth: 220,
                  borderColor: selected ? 'var(--ant-color-primary)' : undefined,
                  borderWidth: selected ? 2 : 1,
                }}
                data-testid={`purchase-${kind}-package-${pkg.packageId}`}
              >
                <Space orientation="vertical" size={2}>
                  <Typography.Text strong>{pkg.packageName}</Typography.Text>
                  <Typography.Text>{t('purchase.sms.count', { count: count ?? 0 })}</Typography.Text>
                  <span>
                    <Typography.Text>{format.money(packagePrice(pkg))}</Typography.Text>
                    {pkg.initialFee && pkg.initialFee > pkg.packageFee ? (
                      <Typography.Text delete type="secondary" style={{ marginInlineStart: 6 }}>
                        <span style={SR_ONLY}>{t('purchase.originalPrice')}</span>
                        {format.money(pkg.initialFee)}
                      </Typography.Text>
                    ) : null}
                  </span>
                  {discount ? <Tag color="red">{discount}</Tag> : null}
                </Space>
              </Card>
            );
          })}
        </Flex>
      )}
    </section>
  );
}

/**
 * The SMS/voice purchase drawer (001 §2.4): outside the mainland a country code (the device's own,
 * locked, else 1); an SMS and a voice package, each cleared by choosing it again; no order while both
 * counts are 0; then the pay panel. A batch pays the counts for each chosen device.
 */
export default function SmsPurchaseDrawer({
  devices,
  batch,
  onClose,
  onPaid,
}: {
  devices: PurchaseDevice[];
  batch: boolean;
  onClose: () => void;
  onPaid: (paid: PaidOrder) => void;
}) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const start = useMemo(() => initialCountryCode(OVERSEAS_EDITION, devices), [devices]);
  const [countryCode, setCountryCode] = useState(start.code);
  const codes = useDict('COUNTRY_CODE', OVERSEAS_EDITION && !start.locked);
  const view = useDepositView(countryCode);
  const [smsId, setSmsId] = useState<number | null>(null);
  const [voiceId, setVoiceId] = useState<number | null>(null);

  const sms = view.data?.smsList.find((pkg) => pkg.packageId === smsId) ?? null;
  const voice = view.data?.voiceList.find((pkg) => pkg.packageId === voiceId) ?? null;
  const smsCount = sms?.smsCount ?? 0;
  const voiceCount = voice?.voiceCount ?? 0;
  const smsFee = sms ? packagePrice(sms) : 0;
  const voiceFee = voice ? packagePrice(voice) : 0;
  const ids = devices.map((device) => device.deviceId);
  const first = devices[0];
  const total = batchTotal(smsFee + voiceFee, devices.length);

  const request: OrderRequest | null =
    first && countsOrderable(smsCount, voiceCount)
      ? {
          key: `counts|${ids.join(',')}|${countryCode}|${smsId ?? 0}|${voiceId ?? 0}|${total}`,
          create: (choice) => {
            const body = {
              ...choice,
              ...(sms ? { smsPackageId: sms.packageId } : {}),
              ...(voice ? { voicePackageId: voice.packageId } : {}),
              smsCount,
              smsFee,
              voiceCount,
              voiceFee,
              countryCode,
              totalFee: total,
            };
            return batch
              ? purchaseApi.createSmsList({ ...body, deviceIdList: ids })
              : purchaseApi.createSms({ ...body, deviceId: first.deviceId });
          },
        }
      : null;

  return (
    <Drawer
      open
      onClose={onClose}
      size={phone ? '100%' : PAY_DRAWER_WIDTH}
      title={t('purchase.sms.title')}
      destroyOnHidden
      data-testid="purchase-sms-drawer"
    >
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        {batch ? (
          <Alert type="info" showIcon title={t('purchase.batch.count', { count: devices.length })} />
        ) : null}
        {OVERSEAS_EDITION ? (
          <Flex gap={8} align="center" wrap>
            <label htmlFor="purchase-country-code">{t('purchase.fields.countryCode')}</label>
            <Select
              id="purchase-country-code"
              value={countryCode}
              disabled={start.locked}
              onChange={(code: string) => {
                setCountryCode(code);
                setSmsId(null);
                setVoiceId(null);
              }}
              style={{ minWidth: 160 }}
              options={(codes.data ?? [{ dataValue: countryCode, label: countryCode }]).map((item) => ({
                value: item.dataValue,
                label: `+${item.dataValue}`,
              }))}
              data-testid="purchase-country-code"
            />
          </Flex>
        ) : null}
        {view.isPending && view.fetchStatus !== 'idle' ? (
          <Spin aria-label={t('purchase.loading')} />
        ) : (
          <>
            <PackageChoices
              kind="sms"
              list={view.data?.smsList ?? []}
              chosen={smsId}
              onChoose={(id) => setSmsId((current) => toggleChoice(current, id))}
            />
            {OVERSEAS_EDITION ? null : (
              <PackageChoices
                kind="voice"
                list={view.data?.voiceList ?? []}
                chosen={voiceId}
                onChoose={(id) => setVoiceId((current) => toggleChoice(current, id))}
              />
            )}
          </>
        )}
        <PayPanel
          request={request}
          amount={request ? total : null}
          hint={t('purchase.sms.chooseFirst')}
          onPaid={onPaid}
        />
      </Space>
    </Drawer>
  );
}
