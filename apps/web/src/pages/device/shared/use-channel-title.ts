import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { asKind } from './device-view.ts';

/** "Temperature 1": a channel named by its kind and probe in the reader's language. */
export function useChannelTitle(): (c: { channel: number; kind: string | null; probe: number }) => string {
  const { t } = useTranslation();
  return useCallback(
    (c) => {
      const kind = asKind(c.kind);
      if (!kind) return String(c.channel);
      const name = t(`device.kinds.${kind}`);
      return c.probe > 0 ? t('device.channel', { kind: name, probe: c.probe }) : name;
    },
    [t],
  );
}
