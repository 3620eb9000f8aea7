import { describe, expect, it } from 'vitest';
import {
  publicWaybillDetailPath,
  publicWaybillListPath,
  variantOf,
  waybillDetailRedirect,
} from './quick-paths.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('public waybill paths', () => {
  it('names the variant by route', () => {
    expect(variantOf('mobileQuick.waybill.list')).toBe('mobile');
    expect(variantOf('pcQuick.waybill.detail')).toBe('pc');
    expect(variantOf('quick.query')).toBe('pc');
  });

  it('builds list and detail addresses', () => {
    expect(publicWaybillListPath('pc', { trackingNumber: 'SF 1' })).toBe(
      '/pcQuick/waybill/list?trackingNumber=SF+1',
    );
    expect(publicWaybillListPath('mobile', { deviceGuid: '123' })).toBe(
      '/mobileQuick/waybill/list?deviceGuid=123',
    );
    expect(publicWaybillDetailPath('mobile', 'ab/c', 'tok')).toBe(
      '/mobileQuick/waybill/detail/ab%2Fc?share=tok',
    );
  });

  it('swaps the PC and mobile detail pages by user agent, as the lists are', () => {
    expect(waybillDetailRedirect('/pcQuick/waybill/detail/x1', IPHONE)).toBe(
      '/mobileQuick/waybill/detail/x1',
    );
    expect(waybillDetailRedirect('/pcQuick/waybill/detail/x1', DESKTOP)).toBeNull();
    expect(waybillDetailRedirect('/mobileQuick/waybill/detail/x1', DESKTOP)).toBe(
      '/pcQuick/waybill/detail/x1',
    );
    expect(waybillDetailRedirect('/mobileQuick/waybill/detail/x1', IPHONE)).toBeNull();
  });
});
