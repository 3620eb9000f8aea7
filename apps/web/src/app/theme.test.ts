import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME_COLOR } from './constants.ts';
import { contrastRatio, paleTint, readableShade, TEXT_CONTRAST, themeFor } from './theme.ts';

describe('readable theme colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('darkens the orange brand until its text reads on the page, on white and under white text', () => {
    const shade = readableShade(DEFAULT_THEME_COLOR);
    expect(contrastRatio(DEFAULT_THEME_COLOR, '#ffffff')).toBeLessThan(TEXT_CONTRAST);
    expect(contrastRatio(shade, '#f5f5f5')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    // Still orange: red over green over blue, as in #FA8C16.
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(shade.slice(i, i + 2), 16)) as [
      number,
      number,
      number,
    ];
    expect(r).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(b);
    // The lightest such shade, not black.
    expect(contrastRatio(shade, '#f5f5f5')).toBeLessThan(TEXT_CONTRAST + 0.3);
  });

  it('keeps a tenant colour that already reads', () => {
    expect(readableShade('#1f3a93')).toBe('#1f3a93');
  });

  it('puts selected entries on a pale tint of the brand that the shade reads on', () => {
    for (const brand of [DEFAULT_THEME_COLOR, '#547DF2', '#1f3a93']) {
      const tint = paleTint(brand);
      expect(contrastRatio(readableShade(brand), tint)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(tint).not.toBe('#ffffff');
    }
  });

  it('gives antd readable primary, link, error and secondary text colours', () => {
    const theme = themeFor('#547DF2');
    const token = theme.token ?? {};
    expect(token.colorPrimary).toBe(readableShade('#547DF2'));
    expect(token.colorLink).toBe(token.colorPrimary);
    expect(token.colorPrimaryBg).toBe(paleTint('#547DF2'));
    for (const status of ['Success', 'Warning', 'Error', 'Info'] as const) {
      const text = token[`color${status}`] ?? '';
      expect(contrastRatio(text, token[`color${status}Bg`] ?? '')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(contrastRatio(text, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    for (const grey of [token.colorTextTertiary, token.colorTextPlaceholder, token.colorTextDescription]) {
      // Black at that opacity over the grey page background.
      const alpha = Number(/rgba\(0, 0, 0, ([\d.]+)\)/.exec(grey ?? '')?.[1]);
      const level = Math.round(0xf5 * (1 - alpha))
        .toString(16)
        .padStart(2, '0');
      expect(contrastRatio(`#${level.repeat(3)}`, '#f5f5f5')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });

  it('gives preset tags text that reads on their pale background', () => {
    const palette = theme.getDesignToken() as unknown as Record<string, string>;
    const tag = (themeFor(DEFAULT_THEME_COLOR).components?.Tag ?? {}) as Record<string, string>;
    expect(Object.keys(tag).length).toBeGreaterThan(0);
    for (const [key, text] of Object.entries(tag)) {
      const background = palette[key.replace(/7$/, '1')] ?? '';
      expect(contrastRatio(text, background), key).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });
});
