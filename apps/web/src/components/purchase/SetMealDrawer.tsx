import { CheckOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Drawer, Empty, Flex, Space, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type PurchaseDevice,
  type ServiceLevel,
  usePurchaseDevices,
  useServiceItems,
} from '../../api/purchase.ts';
import { OVERSEAS_EDITION } from '../../app/edition.ts';
import { flash } from '../../app/feedback.ts';
import { useIsPhone } from '../../shell/use-viewport.ts';
import { CurrentPackageModal, UnAgreementDrawer } from './AutoRenew.tsx';
import { CountValue, CurrentPackage, ExpiryValue, SR_ONLY } from './CurrentPackage.tsx';
import { SET_MEAL_DRAWER_WIDTH } from './constants.ts';
import { PaidDialog, useRefreshAfterPurchase } from './PaidDialog.tsx';
import { PaymentDrawer } from './PaymentDrawer.tsx';
import type { PaidOrder } from './PayPanel.tsx';
import { type BatchCheck, checkBatch, levelButton, levelYearPrice, shownDiscount } from './purchase-rules.ts';
import { usePurchaseFormat } from './use-purchase-format.ts';

const SmsPurchaseDrawer = lazy(() => import('./SmsPurchaseDrawer.tsx'));

export interface SetMealDrawerProps {
  open: boolean;
  /** The device whose package is shown and bought. */
  deviceId?: number;
  /** Chosen devices bought together (batch recharge); takes the place of `deviceId`. */
  deviceIds?: readonly number[];
  onClose: () => void;
  /** After a payment (the page's data is reloaded anyway). */
  onPaid?: () => void;
}

const CHECK_MESSAGE = {
  none: 'purchase.errors.noDevice',
  sameType: 'purchase.errors.sameType',
  countryCode: 'purchase.errors.countryCode',
} as const satisfies Record<Exclude<BatchCheck, 'ok'>, string>;

function LevelCard({
  level,
  currentLevelId,
  disabled,
  onBuy,
}: {
  level: ServiceLevel;
  currentLevelId: number | null;
  disabled: boolean;
  onBuy: (level: ServiceLevel) => void;
}) {
  const { t } = useTranslation();
  const format = usePurchaseFormat();
  const button = levelButton(level, currentLevelId);
  const { price, original, discounted } = levelYearPrice(level);
  const discount = format.discount(shownDiscount(level));
  const headingId = `purchase-level-${level.levelId}-name`;
  return (
    <Card
      size="small"
      style={{ flex: '1 1 220px', maxWidth: 400 }}
      title={<span id={headingId}>{level.levelName}</span>}
      extra={level.topStatus ? <Tag color="blue">{t('purchase.recommended')}</Tag> : null}
      data-testid={`purchase-level-${level.levelId}`}
    >
      <Space orientation="vertical" size="small" style={{ width: '100%' }}>
        <div>
          <Typography.Text
            strong
            style={{ fontSize: 24 }}
            data-testid={`purchase-level-price-${level.levelId}`}
          >
            {format.money(price)}
          </Typography.Text>
          <Typography.Text> / {t('purchase.perYear')}</Typography.Text>
          {discounted ? (
            <Typography.Text delete type="secondary" style={{ marginInlineStart: 8 }}>
              <span style={SR_ONLY}>{t('purchase.originalPrice')}</span>
              {format.money(original)}
            </Typography.Text>
          ) : null}
        </div>
        <Flex gap={4} wrap>
          {discount ? <Tag color="red">{discount}</Tag> : null}
          {level.presentationMonth > 0 ? (
            <Tag color="gold">{t('purchase.bonusMonths', { count: level.presentationMonth })}</Tag>
          ) : null}
        </Flex>
        {level.levelDescribe ? (
          <Typography.Text type="secondary">{level.levelDescribe}</Typography.Text>
        ) : null}
        <ul style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('purchase.items')}>
          {level.itemLevelRelList.map((item) => (
            <li key={item.itemCode}>
              <CheckOutlined aria-hidden style={{ color: '#237804', marginInlineEnd: 6 }} />
              {item.itemName}
            </li>
          ))}
        </ul>
        <Button
          type={button === 'onOrder' ? 'default' : 'primary'}
          block
          disabled={button === 'onOrder' || disabled}
          onClick={() => onBuy(level)}
          aria-describedby={headingId}
          data-testid={`purchase-level-button-${level.levelId}`}
          data-action={button}
        >
          {t(`purchase.buttons.${button}`)}
        </Button>
      </Space>
    </Card>
  );
}

function BatchTable({ devices }: { devices: PurchaseDevice[] }) {
  const { t } = useTranslation();
  const columns: ColumnsType<PurchaseDevice> = [
    { dataIndex: 'deviceName', title: t('purchase.fields.deviceName') },
    { dataIndex: 'deviceGuid', title: t('purchase.fields.deviceGuid') },
    { dataIndex: 'levelName', title: t('purchase.fields.levelName'), render: (v: string | null) => v ?? '-' },
    {
      dataIndex: 'serviceExpiredDate',
      title: t('purchase.fields.serviceExpiredDate'),
      render: (_: unknown, row) => <ExpiryValue device={row} />,
    },
    {
      dataIndex: 'smsCount',
      title: t('purchase.fields.smsCount'),
      render: (count: number) => <CountValue count={count} />,
    },
    ...(OVERSEAS_EDITION
      ? [
          {
            dataIndex: 'countryCode',
            title: t('purchase.fields.countryCode'),
            render: (code: string | null) => (code ? `+${code}` : '-'),
          },
        ]
      : [
          {
            dataIndex: 'voiceCount',
            title: t('purchase.fields.voiceCount'),
            render: (count: number) => <CountValue count={count} />,
          },
        ]),
  ];
  return (
    <Table<PurchaseDevice>
      rowKey="deviceId"
      size="small"
      columns={columns}
      dataSource={devices}
      pagination={false}
      scroll={{ x: 'max-content', y: 320 }}
      footer={() => (
        <span data-testid="purchase-batch-count">{t('purchase.batch.count', { count: devices.length })}</span>
      )}
      data-testid="purchase-batch-table"
    />
  );
}

/**
 * The device set-meal drawer (001 §2.1): 1280 px (the whole width on a phone). With one device it
 * shows its current package; with chosen devices a batch table (one type, one country code). Levels
 * side by side with their price per year, original price, discount and bonus-month badges and items;
 * each level's one button opens the payment drawer, or the un-agreement drawer while an auto-renew
 * agreement runs. The SMS/voice purchase drawer opens from here too.
 */
export default function SetMealDrawer({ open, deviceId, deviceIds, onClose, onPaid }: SetMealDrawerProps) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const format = usePurchaseFormat();
  const refresh = useRefreshAfterPurchase();
  const batch = deviceIds !== undefined && deviceIds.length > 0;
  const ids = useMemo(
    () => (batch ? [...(deviceIds ?? [])] : deviceId !== undefined ? [deviceId] : []),
    [batch, deviceIds, deviceId],
  );
  const devices = usePurchaseDevices(ids, open);
  const items = useServiceItems(open ? ids[0] : undefined);
  const [paying, setPaying] = useState<ServiceLevel | null>(null);
  const [agreement, setAgreement] = useState<PurchaseDevice | null>(null);
  const [current, setCurrent] = useState<PurchaseDevice | null>(null);
  const [smsOpen, setSmsOpen] = useState(false);
  const [paid, setPaid] = useState<PaidOrder | null>(null);

  const rows = devices.data ?? [];
  const check: BatchCheck = devices.data ? checkBatch(rows) : 'ok';
  const levels = items.data?.levelList ?? [];
  const levelIds = new Set(rows.map((row) => row.levelId));
  const currentLevelId = levelIds.size === 1 ? (rows[0]?.levelId ?? null) : null;
  const firstLevel = levels[0];
  const activity =
    firstLevel?.activityId && firstLevel.activityStartTime && firstLevel.activityEndTime
      ? { start: firstLevel.activityStartTime, end: firstLevel.activityEndTime }
      : null;
  const single = !batch ? rows[0] : undefined;

  const buy = (level: ServiceLevel) => {
    if (check !== 'ok') {
      flash('warning', t(CHECK_MESSAGE[check]));
      return;
    }
    const bound = rows.find((row) => Boolean(row.agreementStatus));
    if (bound) {
      setAgreement(bound);
      return;
    }
    setPaying(level);
  };

  const afterPaid = (result: PaidOrder) => {
    setPaying(null);
    setSmsOpen(false);
    setPaid(result);
    refresh();
    onPaid?.();
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={phone ? '100%' : SET_MEAL_DRAWER_WIDTH}
      title={batch ? t('purchase.batch.title') : t('purchase.title')}
      destroyOnHidden
      data-testid="purchase-set-meal"
      extra={
        <Space wrap>
          {single?.agreementStatus ? (
            <Button onClick={() => setCurrent(single)} data-testid="purchase-open-current">
              {t('purchase.current.title')}
            </Button>
          ) : null}
          {!items.isError && rows.length > 0 ? (
            <Button
              onClick={() => (check === 'ok' ? setSmsOpen(true) : flash('warning', t(CHECK_MESSAGE[check])))}
              data-testid="purchase-open-sms"
            >
              {t('purchase.sms.open')}
            </Button>
          ) : null}
        </Space>
      }
    >
      {devices.isPending && devices.fetchStatus !== 'idle' ? (
        <Spin aria-label={t('purchase.loading')} style={{ display: 'block', margin: 48 }} />
      ) : (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          {check !== 'ok' && devices.data ? (
            <Alert
              type="error"
              showIcon
              title={t(CHECK_MESSAGE[check])}
              data-testid="purchase-batch-refused"
            />
          ) : null}
          {batch ? <BatchTable devices={rows} /> : single ? <CurrentPackage device={single} /> : null}
          <section aria-labelledby="purchase-levels-heading">
            <Typography.Title level={5} id="purchase-levels-heading">
              {items.data?.packageName
                ? t('purchase.levelsOf', { name: items.data.packageName })
                : t('purchase.levels')}
            </Typography.Title>
            {activity ? (
              <Typography.Paragraph data-testid="purchase-activity">
                {t('purchase.activity', {
                  start: format.minute(activity.start),
                  end: format.minute(activity.end),
                })}
              </Typography.Paragraph>
            ) : null}
            {items.isPending && items.fetchStatus !== 'idle' ? (
              <Spin aria-label={t('purchase.loading')} />
            ) : items.isError ? (
              <Alert type="warning" showIcon title={items.error.message} />
            ) : levels.length === 0 ? (
              <Empty description={items.data?.message || t('purchase.noLevels')} />
            ) : (
              <Flex gap={16} wrap align="stretch">
                {levels.map((level) => (
                  <LevelCard
                    key={level.levelId}
                    level={level}
                    currentLevelId={currentLevelId}
                    disabled={check !== 'ok'}
                    onBuy={buy}
                  />
                ))}
              </Flex>
            )}
          </section>
        </Space>
      )}
      <PaymentDrawer
        level={paying}
        servicePackageId={items.data?.servicePackageId ?? null}
        devices={rows}
        batch={batch}
        onClose={() => setPaying(null)}
        onPaid={afterPaid}
      />
      <UnAgreementDrawer device={agreement} onClose={() => setAgreement(null)} onChanged={refresh} />
      <CurrentPackageModal device={current} onClose={() => setCurrent(null)} onChanged={refresh} />
      {smsOpen ? (
        <Suspense fallback={null}>
          <SmsPurchaseDrawer
            devices={rows}
            batch={batch}
            onClose={() => setSmsOpen(false)}
            onPaid={afterPaid}
          />
        </Suspense>
      ) : null}
      <PaidDialog paid={paid} onClose={() => setPaid(null)} />
    </Drawer>
  );
}
