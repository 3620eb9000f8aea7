import crypto from 'node:crypto';
import type { UpgradeCommandPayload, UpgradeReport } from '@coldchain/shared';
import type { CommandAck, DeviceCommandMessage } from '@coldchain/shared/device-protocol';
import type { DeviceIdentity } from './simulated-device.ts';

export interface UpgradeOptions {
  /** The platform's HTTP address (`http://host:port`); the command names a path on it. */
  httpUrl: string;
  /** Share of upgrades that fail while flashing, 0-1 (default 0). */
  failureRate?: number;
  /** ms between progress steps (default 500). */
  stepMs?: number;
  /** ms the reboot takes (default 1000). */
  rebootMs?: number;
  random?: () => number;
}

/** What the upgrade needs of the device around it. */
export interface UpgradeHooks {
  /** Sends a report on `devices/{guid}/upgrade` (resolves once acknowledged). */
  report(report: UpgradeReport): Promise<void>;
  /** Drops the connection, waits `ms`, connects again (a reboot). */
  reboot(ms: number): Promise<void>;
  /** The version now running; set once the new firmware boots. */
  version: string;
  log?: (line: string) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The device side of an online upgrade (docs/protocol.md): take the `upgrade` command and acknowledge
 * it, download the file over HTTP with the device's own credentials while reporting progress, check
 * its size and SHA-256, "flash" it (occasionally failing), reboot, and report the version it runs.
 */
export class Upgrader {
  private readonly running = new Set<number>();
  private readonly done = new Set<number>();

  constructor(
    private readonly identity: DeviceIdentity,
    private readonly options: UpgradeOptions,
    private readonly hooks: UpgradeHooks,
  ) {}

  static handles(command: DeviceCommandMessage): boolean {
    return command.type === 'upgrade';
  }

  /** Accepts the command at once and upgrades in the background; a repeated command is acknowledged only. */
  accept(command: DeviceCommandMessage): Omit<CommandAck, 'id'> {
    const payload = command.payload as UpgradeCommandPayload;
    if (!this.running.has(payload.recordId) && !this.done.has(payload.recordId)) {
      this.running.add(payload.recordId);
      void this.run(payload).finally(() => {
        this.running.delete(payload.recordId);
        this.done.add(payload.recordId);
      });
    }
    return { ok: true, result: { accepted: payload.recordId } };
  }

  private async run(command: UpgradeCommandPayload): Promise<void> {
    const { recordId } = command;
    const stepMs = this.options.stepMs ?? 500;
    const random = this.options.random ?? Math.random;
    const log = this.hooks.log ?? (() => {});
    const send = (report: Omit<UpgradeReport, 'recordId'>) =>
      this.hooks.report({ recordId, ...report }).catch((error: unknown) => {
        log(`upgrade ${recordId}: report failed: ${(error as Error).message}`);
      });
    try {
      await send({ state: 'downloading', progress: 0 });
      const bytes = await this.download(command, async (progress) => {
        await send({ state: 'downloading', progress });
        await sleep(stepMs);
      });
      if (bytes.length !== command.size || sha256(bytes) !== command.sha256) {
        await send({ state: 'failed', error: 'checksum mismatch', version: this.hooks.version });
        return;
      }
      for (const progress of [0, 50, 100]) {
        await send({ state: 'installing', progress });
        await sleep(stepMs);
      }
      if (random() < (this.options.failureRate ?? 0)) {
        await send({ state: 'failed', error: 'flash write failed', version: this.hooks.version });
        return;
      }
      await this.hooks.reboot(this.options.rebootMs ?? 1_000);
      this.hooks.version = command.version;
      await send({ state: 'succeeded', progress: 100, version: command.version });
      log(`upgrade ${recordId}: now ${command.version}`);
    } catch (error) {
      log(`upgrade ${recordId} failed: ${(error as Error).message}`);
      await send({ state: 'failed', error: (error as Error).message.slice(0, 200) });
    }
  }

  /** GETs the file with Basic auth, reporting progress at every quarter. */
  private async download(
    command: UpgradeCommandPayload,
    progress: (percent: number) => Promise<void>,
  ): Promise<Buffer> {
    const url = new URL(command.url, this.options.httpUrl);
    const auth = Buffer.from(`${this.identity.guid}:${this.identity.secret}`).toString('base64');
    const response = await fetch(url, { headers: { authorization: `Basic ${auth}` } });
    if (!response.ok || !response.body) throw new Error(`download: HTTP ${response.status}`);
    const chunks: Buffer[] = [];
    let received = 0;
    let reported = 0;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(Buffer.from(value));
      received += value.length;
      const percent = command.size > 0 ? Math.floor((received / command.size) * 100) : 100;
      if (percent >= reported + 25 && percent < 100) {
        reported = percent - (percent % 25);
        await progress(reported);
      }
    }
    // A small file arrives in one piece: still show the steps a slow link would.
    for (let step = reported + 25; step <= 100; step += 25) await progress(step);
    return Buffer.concat(chunks);
  }
}

function sha256(bytes: Buffer): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}
