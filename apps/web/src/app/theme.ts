import type { ThemeConfig } from 'antd';

/** WCAG 2.2 1.4.3: normal text needs 4.5:1 against its background. */
export const TEXT_CONTRAST = 4.5;

/**
 * The lightest background primary-coloured text sits on: the page background (antd's colorBgLayout).
 * A shade that reads on it also reads on white and on the primary colour's pale tints.
 */
const PAGE_BACKGROUND = '#f5f5f5';

type Rgb = [number, number, number];

function parseHex(color: string): Rgb {
  const value = Number.parseInt(color.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

function luminance([r, g, b]: Rgb): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The WCAG contrast ratio of two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(parseHex(a)), luminance(parseHex(b))].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

function toHsl([r, g, b]: Rgb): [number, number, number] {
  const [rs, gs, bs] = [r / 255, g / 255, b / 255];
  const max = Math.max(rs, gs, bs);
  const min = Math.min(rs, gs, bs);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h =
    max === rs ? (gs - bs) / d + (gs < bs ? 6 : 0) : max === gs ? (bs - rs) / d + 2 : (rs - gs) / d + 4;
  return [h / 6, s, l];
}

function fromHsl(h: number, s: number, l: number): Rgb {
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const hue = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  return [hue(h + 1 / 3) * 255, hue(h) * 255, hue(h - 1 / 3) * 255];
}

/**
 * The brand colour itself when text in it is readable, else the lightest darker shade of the same hue
 * that is: readable as text on the page and on white, and white text on it readable too (buttons).
 */
export function readableShade(color: string, background = PAGE_BACKGROUND): string {
  const [h, s, l] = toHsl(parseHex(color));
  for (let lightness = l; lightness > 0; lightness -= 0.005) {
    const shade = toHex(fromHsl(h, s, lightness));
    if (contrastRatio(shade, background) >= TEXT_CONTRAST) return shade;
  }
  return '#000000';
}

/**
 * antd's status colours read at 1.9-3.3:1 on white; status tags, danger buttons and field errors take
 * their readable shades, on their own pale tints.
 */
const STATUS_COLORS = { Success: '#52c41a', Warning: '#faad14', Error: '#ff4d4f', Info: '#1677ff' } as const;

/**
 * Preset tag colours whose text (antd's shade 7) reads under 4.5:1 on the tag's shade 1, with the
 * palette's next shade that reads (8, or 9 for gold and lime).
 */
const TAG_TEXT = {
  green7: '#237804',
  cyan7: '#006d75',
  orange7: '#ad4e00',
  volcano7: '#ad2102',
  gold7: '#874d00',
  lime7: '#3f6600',
};

/** The strongest pale tint of the colour, at most 10%, no darker than the page: selected menu entries. */
export function paleTint(color: string): string {
  const rgb = parseHex(color);
  const floor = luminance(parseHex(PAGE_BACKGROUND));
  for (let weight = 0.1; weight > 0; weight -= 0.01) {
    const tint = toHex(rgb.map((c) => 255 - (255 - c) * weight) as Rgb);
    if (luminance(parseHex(tint)) >= floor) return tint;
  }
  return '#ffffff';
}

function statusTokens(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(STATUS_COLORS).flatMap(([status, color]) => [
      [`color${status}`, readableShade(color)],
      [`color${status}Bg`, paleTint(color)],
    ]),
  );
}

/**
 * antd's theme for a tenant colour (000 §1, §3): primary, link and status colours in readable shades,
 * and secondary texts (descriptions, placeholders, footers) dark enough to read (WCAG 2.2 AA); antd's
 * defaults of 45% and 25% black fall under 4.5:1.
 */
export function themeFor(brandColor: string): ThemeConfig {
  const primary = readableShade(brandColor);
  return {
    token: {
      colorPrimary: primary,
      // The brand's own pale tint behind selected entries, rather than the grey antd derives from the
      // dark shade; the shade's text reads on it.
      colorPrimaryBg: paleTint(brandColor),
      colorLink: primary,
      ...statusTokens(),
      colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
      colorTextPlaceholder: 'rgba(0, 0, 0, 0.62)',
      colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    },
    components: { Tag: TAG_TEXT },
  };
}
