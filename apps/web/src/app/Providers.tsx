import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, message, notification } from 'antd';
import { type ReactNode, useLayoutEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlatform } from '../api/platform.ts';
import { DEFAULT_THEME_COLOR } from './constants.ts';
import { bindMessage, bindNotification } from './feedback.ts';
import { antdLocaleOf, currentLocale, isLocale } from './i18n.ts';
import { queryClient } from './query-client.ts';
import { themeFor } from './theme.ts';

/**
 * Hands context-aware notification and message APIs (theme, language) to code outside React: the
 * http client and the session. Not antd's <App>, which would also put Modal in the entry.
 */
function FeedbackBridge() {
  const [api, holder] = notification.useNotification();
  const [messageApi, messageHolder] = message.useMessage();
  useLayoutEffect(() => {
    bindNotification(api);
    bindMessage(messageApi);
    return () => {
      bindNotification(null);
      bindMessage(null);
    };
  }, [api, messageApi]);
  return (
    <>
      {holder}
      {messageHolder}
    </>
  );
}

/** antd follows the chosen language and the tenant's theme colour (000 §1, §3). */
function ThemedApp({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : currentLocale();
  const { data: platform } = usePlatform();
  const brandColor = platform?.themeColor || DEFAULT_THEME_COLOR;
  // Links follow the tenant colour too (antd derives them from the info colour otherwise), in a shade
  // that reads as text (WCAG 2.2 AA).
  const theme = useMemo(() => themeFor(brandColor), [brandColor]);
  return (
    <ConfigProvider locale={antdLocaleOf(locale)} theme={theme}>
      <FeedbackBridge />
      {children}
    </ConfigProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedApp>{children}</ThemedApp>
    </QueryClientProvider>
  );
}
