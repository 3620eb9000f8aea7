import { ERRORS, type WaybillDetail } from '@coldchain/shared';
import i18next from 'i18next';
import { ApiError } from '../../../api/http.ts';
import { waybillApi } from '../../../api/waybill.ts';
import { confirmPrompt, flash, notify } from '../../../app/feedback.ts';

export type ManualAction = 'start' | 'stop';

/**
 * Starts or stops a waybill by hand (002 §4). The user confirms first; when the server answers that
 * the device is offline (deviceOfflineConfirm), its message is asked as a question and the call is
 * repeated with the confirmation. Answers the waybill as it is afterwards, or null when nothing changed.
 */
export async function changeWaybillState(
  waybill: { id: number; orderNum: string },
  action: ManualAction,
): Promise<WaybillDetail | null> {
  const asked = await confirmPrompt({
    content: i18next.t(`waybill.confirm.${action}`, { orderNum: waybill.orderNum }),
  });
  if (!asked) return null;
  const call = (confirm: 0 | 1) => waybillApi.changeState({ id: waybill.id, action, confirm });
  try {
    return done(await call(0), action);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code !== ERRORS.deviceOfflineConfirm.code) {
      if (error.kind === 'business') notify('error', i18next.t('errors.title'), error.message);
      return null;
    }
    const again = await confirmPrompt({
      title: i18next.t('waybill.confirm.offlineTitle'),
      content: error.message,
    });
    if (!again) return null;
    try {
      return done(await call(1), action);
    } catch (second) {
      if (second instanceof ApiError && second.kind === 'business')
        notify('error', i18next.t('errors.title'), second.message);
      return null;
    }
  }
}

function done(waybill: WaybillDetail, action: ManualAction): WaybillDetail {
  flash('success', i18next.t(`waybill.done.${action}`));
  return waybill;
}
