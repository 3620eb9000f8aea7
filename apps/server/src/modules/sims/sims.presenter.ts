import type { SimRechargeState, SimRow, SimUseState } from '@coldchain/shared';
import type { SimView } from './sims.repo.ts';

export function presentSim(card: SimView): SimRow {
  return {
    id: card.id,
    iccId: card.iccId,
    cardNum: card.cardNum,
    operator: card.operator,
    source: card.source,
    openTime: card.openTime,
    activeTime: card.activeTime,
    expiredTime: card.expiredTime,
    lastOnline: card.deviceLastSeenAt ?? card.lastOnline,
    useState: card.useState as SimUseState,
    rechargeState: card.rechargeState as SimRechargeState,
    balance: card.balance === null ? null : Number(card.balance),
    plan: card.plan,
    freeMonth: card.freeMonth,
    description: card.description,
    deviceId: card.deviceId,
    deviceGuid: card.deviceGuid,
    deviceName: card.deviceName,
    createdAt: card.createdAt,
    updatedAt: card.updatedAt,
  };
}

/** What the operation log keeps of a card. */
export function auditSim(card: SimView) {
  const { deviceLastSeenAt: _seen, deviceName: _name, createdAt: _c, updatedAt: _u, ...kept } = card;
  return { ...kept, balance: card.balance === null ? null : Number(card.balance) };
}
