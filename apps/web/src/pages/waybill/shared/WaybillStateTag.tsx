import type { WaybillState } from '@coldchain/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<WaybillState, string> = { 0: 'default', 1: 'processing', 2: 'warning', 3: 'success' };

/** A waybill's state (002 §4): not started, in progress, ended, received. */
export function WaybillStateTag({ state, testId }: { state: WaybillState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[state]} data-testid={testId} data-state={state}>
      {t(`waybill.state.${state}`)}
    </Tag>
  );
}
