import {
  WAYBILL_STATE_ENDED,
  WAYBILL_STATE_IN_PROGRESS,
  WAYBILL_STATE_NOT_STARTED,
  WAYBILL_STATE_RECEIVED,
} from '@coldchain/shared';
import type { Clock } from '../../clock.ts';
import type { WaybillRecord, WaybillsRepo } from './waybills.repo.ts';

/** Command types queued for the device at a waybill's start and stop (docs/decisions.md). */
export const WAYBILL_START_COMMAND = 'waybillStart';
export const WAYBILL_STOP_COMMAND = 'waybillStop';

/** Who or what moved a waybill on. */
export type WaybillActor = 'manual' | 'timed' | 'geofence' | 'device' | 'receiver';

/**
 * What the device is told at the start: the waybill's limits and intervals, its time zone, the start
 * delay and air mode (with the fence's areas when air mode starts on entering a geofence, which only
 * the device can see while its radio is off), so it records and alarms by the shipment's rules.
 */
export function startPayload(row: WaybillRecord, airFenceAreas: unknown = null) {
  return {
    waybillId: row.id,
    orderNum: row.orderNum,
    timeZone: row.timeZone,
    recordInterval: row.recordInterval,
    uploadInterval: row.uploadInterval,
    alarmRecordInterval: row.alarmRecordInterval,
    alarmUploadInterval: row.alarmUploadInterval,
    upperLimit: row.upperLimit,
    lowerLimit: row.lowerLimit,
    warnUpperLimit: row.warnUpperLimit,
    warnLowerLimit: row.warnLowerLimit,
    humidityUpperLimit: row.humidityUpperLimit,
    humidityLowerLimit: row.humidityLowerLimit,
    startDelayMinutes: row.startDelay,
    airMode: row.airFlag
      ? {
          startWay: row.airStartWay,
          startTime: row.airStartTime,
          stopTime: row.airStopTime,
          fence: airFenceAreas,
        }
      : null,
  };
}

/**
 * The state machine of 002 §4: not started -> in progress -> ended -> received. Each step is a
 * conditional update, so a user, the timed sweep and the fence tracker racing on one waybill (on one
 * node or several) move it once; the loser gets false.
 */
export class WaybillLifecycle {
  constructor(
    private readonly repo: WaybillsRepo,
    private readonly clock: Clock,
  ) {}

  private nowIso(at?: number): string {
    return new Date(at ?? this.clock.now().getTime()).toISOString();
  }

  /** Starts a waybill and queues the device's parameters; `at` is when it happened (a crossing's device time). */
  async start(row: WaybillRecord, by: WaybillActor, at?: number): Promise<boolean> {
    const now = this.nowIso();
    const fence =
      row.airFlag && row.fenceModelId !== null ? await this.repo.fenceAreas(row.fenceModelId) : null;
    return this.repo.transition(
      row.id,
      WAYBILL_STATE_NOT_STARTED,
      {
        waybillState: WAYBILL_STATE_IN_PROGRESS,
        startedAt: this.nowIso(at),
        startedBy: by,
        fenceState: '{}',
        updatedAt: now,
      },
      by === 'device'
        ? null
        : {
            deviceId: row.deviceId,
            commandType: WAYBILL_START_COMMAND,
            payload: JSON.stringify(startPayload(row, fence === null ? null : JSON.parse(fence))),
            state: 'pending',
            createdAt: now,
            sentAt: null,
            ackedAt: null,
            result: null,
          },
    );
  }

  stop(row: WaybillRecord, by: WaybillActor, at?: number): Promise<boolean> {
    const now = this.nowIso();
    return this.repo.transition(
      row.id,
      WAYBILL_STATE_IN_PROGRESS,
      { waybillState: WAYBILL_STATE_ENDED, stoppedAt: this.nowIso(at), stoppedBy: by, updatedAt: now },
      {
        deviceId: row.deviceId,
        commandType: WAYBILL_STOP_COMMAND,
        payload: JSON.stringify({
          waybillId: row.id,
          orderNum: row.orderNum,
          powerOff: row.devicePower === 1,
        }),
        state: 'pending',
        createdAt: now,
        sentAt: null,
        ackedAt: null,
        result: null,
      },
    );
  }

  /** Receipt: from ended, or from in progress (the receiver's confirmation also ends the shipment). */
  async receive(row: WaybillRecord, by: WaybillActor, receiverMan: string | null): Promise<boolean> {
    if (row.waybillState === WAYBILL_STATE_IN_PROGRESS) await this.stop(row, by);
    const now = this.nowIso();
    return this.repo.transition(
      row.id,
      WAYBILL_STATE_ENDED,
      {
        waybillState: WAYBILL_STATE_RECEIVED,
        receivedAt: now,
        receivedBy: by,
        ...(receiverMan ? { receiverMan } : {}),
        updatedAt: now,
      },
      null,
    );
  }
}
