import '../lib/antd-mobile-setup.ts';
import { useTranslation } from '@bolsa/client-kit/i18n';
import { type Locale, localeNames, locales } from '@bolsa/contracts';
import { Popup } from 'antd-mobile';
import { CheckOutline, GlobalOutline } from 'antd-mobile-icons';
import { useId, useState } from 'react';
import { currentLocale, setLocale } from '../lib/i18n.ts';
import './language-picker.css';

type LanguagePickerProps = {
  visible: boolean;
  onClose: () => void;
};

/** The language-selection dialog: the eight locales, each named in its own language. */
export function LanguagePicker({ visible, onClose }: LanguagePickerProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const selected = i18n.resolvedLanguage ?? currentLocale();

  const choose = async (locale: Locale) => {
    await setLocale(locale);
    onClose();
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="language-picker" destroyOnClose>
      <div role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className="language-picker-title">
          {t('language.title')}
        </h2>
        <ul className="language-picker-list">
          {locales.map((locale) => (
            <li key={locale}>
              <button
                type="button"
                lang={locale}
                className="language-picker-option"
                aria-current={locale === selected ? 'true' : undefined}
                onClick={() => void choose(locale)}
              >
                <span>{localeNames[locale]}</span>
                {locale === selected ? <CheckOutline aria-hidden="true" /> : null}
              </button>
            </li>
          ))}
        </ul>
        <button type="button" className="button button-block button-default" onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </Popup>
  );
}

/** A compact button that shows the current language and opens the picker. */
export function LanguageButton() {
  const { t, i18n } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const locale = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();
  return (
    <>
      <button type="button" className="language-button" onClick={() => setIsOpen(true)}>
        <GlobalOutline aria-hidden="true" />
        <span className="visually-hidden">{t('language.title')}: </span>
        <span lang={locale}>{localeNames[locale] ?? locale}</span>
      </button>
      <LanguagePicker visible={isOpen} onClose={() => setIsOpen(false)} />
    </>
  );
}
