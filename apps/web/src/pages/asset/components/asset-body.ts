import type { AssetInsert } from '@coldchain/shared';

/** The asset form's values: custom information as rows of a key and a value. */
export interface AssetFields {
  combName: string;
  combTypeName?: string;
  combNum?: string;
  brand?: string;
  model?: string;
  volume?: string;
  organizationId?: number | null;
  desc?: string;
  custom?: { key?: string; value?: string }[];
}

/** The fields of an asset (002 §3) as they are sent: empty texts as null, custom pairs as two lists. */
export function assetBody(values: AssetFields, image: string | null): AssetInsert {
  const text = (v: string | undefined) => (v?.trim() ? v.trim() : null);
  const pairs = values.custom ?? [];
  return {
    combName: values.combName.trim(),
    combTypeName: text(values.combTypeName),
    combNum: text(values.combNum),
    brand: text(values.brand),
    model: text(values.model),
    volume: text(values.volume),
    organizationId: values.organizationId ?? null,
    desc: text(values.desc),
    customKeys: pairs.map((p) => p.key?.trim() ?? ''),
    customValues: pairs.map((p) => p.value?.trim() ?? ''),
    image,
  };
}
