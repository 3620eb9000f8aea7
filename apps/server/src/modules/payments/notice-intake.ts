import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { IncomingNotice, NoticeReply } from './providers/provider.ts';
import type { ProviderRegistry } from './providers/provider-registry.ts';
import type { Settlement, SettleOutcome } from './settlement.ts';

/**
 * The notify endpoint's work: find the provider (of whichever platform) whose keys verify the notice,
 * settle it exactly once, and answer as that provider expects. A notice no key verifies, or one the
 * settlement refuses (amount, currency, unknown order), is recorded and credits nothing.
 */
export class NoticeIntake {
  constructor(
    private readonly registry: ProviderRegistry,
    private readonly settlement: Settlement,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  async receive(
    providerName: string,
    incoming: IncomingNotice,
  ): Promise<NoticeReply & { outcome: SettleOutcome }> {
    const now = this.clock.now();
    const candidates = await this.registry.forNotice(providerName);
    let firstRefusal: { reason: string; detail?: string; orderCode?: string; transactionId?: string } | null =
      null;
    for (const provider of candidates) {
      const verified = await provider.verifyNotice(incoming, now);
      if (!verified.ok) {
        firstRefusal ??= verified;
        continue;
      }
      try {
        const { outcome } = await this.settlement.settle(
          provider.name,
          verified.notice,
          'notify',
          incoming.sourceIp,
        );
        return { ...provider.reply(outcome !== 'rejected'), outcome };
      } catch (error) {
        // Nothing committed: the provider resends and the next notice settles it.
        this.log.error({ err: error, provider: provider.name }, 'payment notice failed');
        return { ...provider.reply(false), status: 500, outcome: 'rejected' };
      }
    }
    await this.settlement.reject({
      provider: providerName.slice(0, 20),
      reason: firstRefusal?.reason ?? 'unknownProvider',
      ...(firstRefusal?.detail ? { detail: firstRefusal.detail } : {}),
      ...(firstRefusal?.orderCode ? { orderCode: firstRefusal.orderCode } : {}),
      ...(firstRefusal?.transactionId ? { transactionId: firstRefusal.transactionId } : {}),
      body: incoming.rawBody,
      ...(incoming.sourceIp ? { sourceIp: incoming.sourceIp } : {}),
    });
    const reply = candidates[0]?.reply(false) ?? {
      status: 404,
      contentType: 'text/plain',
      body: 'unknown provider',
    };
    return { ...reply, outcome: 'rejected' };
  }
}
