import { DEFAULT_LOCALE, type Locale, WAYBILL_STATE_NOT_STARTED } from '@coldchain/shared';
import type { FastifyBaseLogger } from 'fastify';
import { wallClock } from '../../history/time-format.ts';
import { translate } from '../../i18n/i18n.ts';
import type { Mailer } from '../../notify/email.ts';
import type { FenceTracker } from './fence-tracker.ts';
import type { WaybillLifecycle } from './waybill-lifecycle.ts';
import { parseContacts } from './waybills.presenter.ts';
import type { WaybillsRepo } from './waybills.repo.ts';

/** What one pass did, for logs and tests. */
export interface SweepResult {
  started: number[];
  stopped: number[];
  receiveAlarms: number[];
}

/**
 * The periodic pass over waybills (driven by ctx.clock): starts timed waybills whose start time has
 * come, stops those whose stop time has come, and e-mails the alarm contacts of waybills not received
 * by their expected time (once: the claim is a conditional update, so two nodes send it once).
 */
export class WaybillSweep {
  constructor(
    private readonly repo: WaybillsRepo,
    private readonly lifecycle: WaybillLifecycle,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    private readonly tracker: FenceTracker,
    private readonly locale: Locale = DEFAULT_LOCALE,
  ) {}

  async tick(now: Date): Promise<SweepResult> {
    const nowIso = now.toISOString();
    const result: SweepResult = { started: [], stopped: [], receiveAlarms: [] };
    for (const { id } of await this.repo.dueTimedStarts(nowIso)) {
      const row = await this.repo.byIdUnscoped(id);
      const device = row ? await this.repo.device(row.deviceId) : undefined;
      // A type that starts only at the device never gets a timed start (insert refuses it too).
      if (!row || row.waybillState !== WAYBILL_STATE_NOT_STARTED || device?.waybillStatus !== 1) continue;
      if (await this.lifecycle.start(row, 'timed', Date.parse(row.startTime ?? nowIso)))
        result.started.push(id);
    }
    for (const { id } of await this.repo.dueTimedStops(nowIso)) {
      const row = await this.repo.byIdUnscoped(id);
      if (row && (await this.lifecycle.stop(row, 'timed', Date.parse(row.endTime ?? nowIso))))
        result.stopped.push(id);
    }
    for (const row of await this.repo.dueReceiveAlarms(nowIso)) {
      if (!(await this.repo.claimReceiveAlarm(row.id, nowIso))) continue;
      result.receiveAlarms.push(row.id);
      const expected = Date.parse(row.expectedReceiveTime ?? nowIso);
      const params = {
        orderNum: row.orderNum,
        time: `${wallClock(row.timeZone).format(expected)} (${row.timeZone})`,
      };
      const owner = await this.repo.accountOf(row.accountId);
      const recipients = new Set(
        [...parseContacts(row.contacts).map((c) => c.email), owner?.email ?? null].filter((e): e is string =>
          Boolean(e),
        ),
      );
      for (const to of recipients) {
        try {
          await this.mailer.send({
            to,
            subject: translate(this.locale, 'waybillMail.receiveOverdueSubject', params),
            text: translate(this.locale, 'waybillMail.receiveOverdueBody', params),
            messageId: `<waybill-receive-${row.id}-${Buffer.from(to).toString('hex')}@coldchain>`,
          });
        } catch (error) {
          // The alarm is recorded on the waybill (receiveAlarmAt) whatever the mail server says.
          this.log.warn({ err: error, waybillId: row.id }, 'receive alarm mail failed');
        }
      }
    }
    // Waybills created or changed on other nodes join the fence tracking here.
    await this.tracker.refresh();
    return result;
  }
}
