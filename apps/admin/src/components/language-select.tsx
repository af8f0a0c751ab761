import { useTranslation } from '@bolsa/client-kit/i18n';
import { type Locale, localeNames, locales } from '@bolsa/contracts';
import { Select } from 'antd';
import { currentLocale, setLocale } from '../lib/i18n.ts';

/** The eight locales, each named in its own language; the choice persists like the app's. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const value = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();
  return (
    <Select<Locale>
      aria-label={t('common.language')}
      value={value}
      onChange={(locale) => void setLocale(locale)}
      options={locales.map((locale) => ({ value: locale, label: localeNames[locale] }))}
      style={{ minWidth: 140 }}
      popupMatchSelectWidth={false}
    />
  );
}
