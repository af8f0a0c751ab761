import { useTranslation } from '@bolsa/client-kit/i18n';
import { type FormEvent, useState } from 'react';
import { askOtpCode } from '../../../components/ask-otp-code.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { OtpCodeField } from '../../../components/otp-code-field.tsx';
import { QrCode } from '../../../components/qr-code.tsx';
import { copyText } from '../../../lib/clipboard.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { useTwoFactorChanges, useTwoFactorStatus } from '../api/two-factor-api.ts';
import '../two-factor.css';

const copy = async (text: string, t: (key: string) => string) => {
  const isCopied = await copyText(text);
  showToast(isCopied ? t('common.copySuccess') : t('common.copyFailed'), isCopied ? 'success' : 'fail');
};

/** The ten recovery codes, shown once right after two-factor is turned on, with copying them all. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="two-factor-card" aria-labelledby="recovery-title">
      <h2 id="recovery-title">{t('twoFactor.recoveryTitle')}</h2>
      <p className="form-note">{t('twoFactor.recoveryIntro')}</p>
      <ol className="two-factor-codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <button type="button" className="button button-default button-block" onClick={() => void copy(codes.join('\n'), t)}>
        {t('twoFactor.copyCodes')}
      </button>
      <button type="button" className="button button-primary button-block" onClick={onDone}>
        {t('twoFactor.savedCodes')}
      </button>
    </section>
  );
}

/** Setting up: the QR code of the otpauth URI and the key as text, then a code from the app to confirm. */
function Enrolment({ secret, otpauthUri, onEnabled }: { secret: string; otpauthUri: string; onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const { confirm } = useTwoFactorChanges();
  const [otpCode, setOtpCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = otpCode.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(code)) {
      setError(t('twoFactor.codeFormat'));
      return;
    }
    setError(undefined);
    confirm.mutate(code, { onSuccess: (answer) => onEnabled(answer.recoveryCodes), onError: showError });
  };
  return (
    <section className="two-factor-card">
      <p className="form-note">{t('twoFactor.scanStep')}</p>
      <QrCode value={otpauthUri} alt={t('twoFactor.qrAlt')} />
      <div className="two-factor-secret">
        <span className="two-factor-label">{t('twoFactor.secretLabel')}</span>
        <code data-testid="two-factor-secret">{secret.replace(/(.{4})/g, '$1 ').trim()}</code>
        <button type="button" className="button button-small button-default" onClick={() => void copy(secret, t)}>
          {t('twoFactor.copyKey')}
        </button>
      </div>
      <form className="form" onSubmit={submit} noValidate>
        <OtpCodeField value={otpCode} onValueChange={setOtpCode} error={error} />
        <button type="submit" className="button button-primary button-block" disabled={confirm.isPending}>
          {t('twoFactor.confirm')}
        </button>
      </form>
    </section>
  );
}

/**
 * /pages/setting/twofactor: turn two-factor sign-in on (QR code, key, a code to confirm, then the ten recovery
 * codes once) or off (with a code). With it on, sign-in, a transaction-password change, a new withdrawal
 * account and a withdrawal ask for the code.
 */
export function TwoFactorPage() {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  const { start, disable } = useTwoFactorChanges();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const enrolment = start.data;

  const turnOff = async () => {
    const otpCode = await askOtpCode(t);
    if (!otpCode) return;
    disable.mutate(otpCode, {
      onSuccess: () => {
        start.reset();
        showToast(t('twoFactor.turnedOff'), 'success');
      },
      onError: showError,
    });
  };

  const body = () => {
    if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
    if (!status.data) return null;
    if (status.data.isEnabled) {
      return (
        <section className="two-factor-card">
          <p className="two-factor-state is-on">{t('twoFactor.enabled')}</p>
          <p className="form-note">{t('twoFactor.recoveryLeft', { count: status.data.recoveryCodesLeft })}</p>
          <button type="button" className="button button-danger button-block" onClick={() => void turnOff()} disabled={disable.isPending}>
            {t('twoFactor.turnOff')}
          </button>
        </section>
      );
    }
    if (enrolment) {
      return <Enrolment secret={enrolment.secret} otpauthUri={enrolment.otpauthUri} onEnabled={setRecoveryCodes} />;
    }
    return (
      <section className="two-factor-card">
        <p className="form-note">{t('twoFactor.intro')}</p>
        <button
          type="button"
          className="button button-primary button-block"
          onClick={() => start.mutate(undefined, { onError: showError })}
          disabled={start.isPending}
        >
          {t('twoFactor.turnOn')}
        </button>
      </section>
    );
  };

  return (
    <>
      <NavBar title={t('twoFactor.title')} />
      <div className="page-body">{body()}</div>
    </>
  );
}
