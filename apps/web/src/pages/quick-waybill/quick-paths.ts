import { isMobileUserAgent } from '../../app/redirects.ts';

/** The public pages come in a PC and a mobile variant (000 §2.6); this is the variant's prefix. */
export type Variant = 'pc' | 'mobile';

export const variantOf = (routeName: string | undefined): Variant =>
  routeName?.startsWith('mobileQuick') ? 'mobile' : 'pc';

const PREFIX: Record<Variant, string> = { pc: '/pcQuick', mobile: '/mobileQuick' };

export function publicWaybillListPath(
  variant: Variant,
  lookup: { trackingNumber?: string; deviceGuid?: string },
): string {
  const search = new URLSearchParams();
  if (lookup.trackingNumber) search.set('trackingNumber', lookup.trackingNumber);
  if (lookup.deviceGuid) search.set('deviceGuid', lookup.deviceGuid);
  const query = search.toString();
  return `${PREFIX[variant]}/waybill/list${query ? `?${query}` : ''}`;
}

export function publicWaybillDetailPath(
  variant: Variant,
  waybillPk: string,
  shareToken?: string | null,
): string {
  const path = `${PREFIX[variant]}/waybill/detail/${encodeURIComponent(waybillPk)}`;
  return shareToken ? `${path}?share=${encodeURIComponent(shareToken)}` : path;
}

/**
 * 000 §2.10 swaps the PC and mobile waybill lists by user agent; the detail pages follow the same
 * rule, so a link shared from a PC opens the mobile page on a phone. Answers the path to go to, or
 * null to stay.
 */
export function waybillDetailRedirect(pathname: string, userAgent: string): string | null {
  const mobile = isMobileUserAgent(userAgent);
  if (mobile && pathname.startsWith('/pcQuick/waybill/detail/'))
    return pathname.replace('/pcQuick/', '/mobileQuick/');
  if (!mobile && pathname.startsWith('/mobileQuick/waybill/detail/'))
    return pathname.replace('/mobileQuick/', '/pcQuick/');
  return null;
}
