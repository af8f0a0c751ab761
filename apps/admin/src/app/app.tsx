import { useTranslation } from '@bolsa/client-kit/i18n';
import { matchLocale } from '@bolsa/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { loadAntdLocale } from '../lib/antd-locale.ts';
import { currentLocale } from '../lib/i18n.ts';
import { FeedbackBridge } from './feedback-bridge.tsx';
import { createQueryClient } from './query-client.ts';
import { router } from './router.tsx';

const queryClient = createQueryClient();

/**
 * antd's default secondary greys (labels, hints) fall below WCAG AA contrast on white; these keep the
 * look and pass 4.5:1.
 */
const theme = {
  token: {
    colorPrimary: '#1d4ed8',
    // Links take their own colour (#1677ff by default, 4.1:1 on white), not the primary one.
    colorLink: '#1d4ed8',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    // The default red (#ff4d4f) is 3.9:1 on white; the danger buttons' text needs 4.5:1.
    colorError: '#cf1322',
  },
  components: { Layout: { headerPadding: '12px 16px', headerHeight: 'auto' } },
};

/** antd follows the console's language: its own strings (tables, pickers) switch with ours. */
function useAntdLocale(): AntdLocale | undefined {
  const { i18n } = useTranslation();
  const [antdLocale, setAntdLocale] = useState<AntdLocale>();
  const language = matchLocale(i18n.resolvedLanguage ?? i18n.language) ?? currentLocale();
  useEffect(() => {
    let isCurrent = true;
    void loadAntdLocale(language).then((loaded) => {
      if (isCurrent) setAntdLocale(loaded);
    });
    return () => {
      isCurrent = false;
    };
  }, [language]);
  return antdLocale;
}

export function App() {
  const antdLocale = useAntdLocale();
  return (
    <ConfigProvider locale={antdLocale} theme={theme}>
      <AntdApp>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
