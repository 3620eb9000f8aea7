import type { AppContext } from '../../../context.ts';
import type { PaymentProviders } from './provider.ts';

const registered = new WeakMap<AppContext, PaymentProviders>();

/** Called once by the payments module when an app is built. */
export function registerPaymentProviders(ctx: AppContext, providers: PaymentProviders): void {
  registered.set(ctx, providers);
}

/**
 * The payment providers of an app, by its context: `await paymentProvidersOf(ctx).forOrder(order)`
 * gives the provider to query or refund an order through.
 */
export function paymentProvidersOf(ctx: AppContext): PaymentProviders {
  const found = registered.get(ctx);
  if (!found) throw new Error('payments are not registered on this app');
  return found;
}
