import '../lib/antd-mobile-setup.ts';
import { useTranslation } from '@bolsa/client-kit/i18n';
import { PAY_PASSWORD_LENGTH } from '@bolsa/contracts';
import { NumberKeyboard, PasscodeInput, type PasscodeInputRef, Popup, SpinLoading } from 'antd-mobile';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { pagePath } from '../lib/pages.ts';
import './pay-password-pad.css';

type PayPasswordPadProps = {
  visible: boolean;
  onClose: () => void;
  /**
   * Called once the sixth digit is typed. When the returned promise rejects (wrong password,
   * refused request) the digits are cleared so the user can try again; the caller shows the error.
   */
  onSubmit: (payPassword: string) => Promise<unknown> | undefined;
  /** What is being confirmed, e.g. "Withdraw $100.00". */
  summary?: ReactNode;
};

/**
 * The six-digit transaction-password pad: antd-mobile's PasscodeInput with its NumberKeyboard, in a
 * bottom Popup. Digits typed on a hardware keyboard work too. Nothing is sent before six digits.
 */
export function PayPasswordPad({ visible, onClose, onSubmit, summary }: PayPasswordPadProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const inputRef = useRef<PasscodeInputRef>(null);
  const [value, setValue] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);

  // A new opening starts empty and puts the focus on the digits, which shows the keyboard.
  useEffect(() => {
    if (!visible) return;
    setValue('');
    const timer = window.setTimeout(() => inputRef.current?.focus(), 50);
    return () => window.clearTimeout(timer);
  }, [visible]);

  const change = (next: string) => {
    const digits = next.replace(/\D/g, '').slice(0, PAY_PASSWORD_LENGTH);
    if (isSubmitting) return;
    setValue(digits);
    if (digits.length !== PAY_PASSWORD_LENGTH) return;
    const pending = onSubmit(digits);
    if (!pending) return;
    setIsSubmitting(true);
    pending.then(
      () => setIsSubmitting(false),
      () => {
        setIsSubmitting(false);
        setValue('');
        inputRef.current?.focus();
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (/^\d$/.test(event.key)) {
      event.preventDefault();
      change(value + event.key);
    } else if (event.key === 'Backspace') {
      event.preventDefault();
      change(value.slice(0, -1));
    }
  };

  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="pay-password-pad"
      destroyOnClose
      // The number keyboard is a second popup at the bottom; this one leaves it room.
      bodyStyle={{ paddingBottom: 'calc(260px + env(safe-area-inset-bottom, 0px))' }}
    >
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} className="pay-password-pad-content">
        <div className="pay-password-pad-header">
          <h2 id={titleId} className="pay-password-pad-title">
            {t('payPad.title')}
          </h2>
          <button type="button" className="button button-small button-default" onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
        {summary ? <div className="pay-password-pad-summary">{summary}</div> : null}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: forwards hardware-keyboard digits to the passcode cells inside */}
        <div onKeyDown={onKeyDown}>
          <PasscodeInput
            ref={inputRef}
            length={PAY_PASSWORD_LENGTH}
            seperated
            value={value}
            onChange={change}
            aria-label={t('fields.payPassword')}
            aria-describedby={`${titleId}-hint`}
            keyboard={<NumberKeyboard aria-label={t('payPad.keyboard')} />}
          />
        </div>
        <div id={`${titleId}-hint`} className="form-note pay-password-pad-hint" aria-live="polite">
          {isSubmitting ? (
            <span className="inline-loading">
              <SpinLoading style={{ '--size': '16px' }} aria-hidden="true" /> {t('payPad.submitting')}
            </span>
          ) : (
            t('payPad.hint', { count: PAY_PASSWORD_LENGTH - value.length })
          )}
        </div>
        <Link className="pay-password-pad-forgot" to={pagePath('payPassword')}>
          {t('payPad.forgot')}
        </Link>
      </div>
    </Popup>
  );
}
