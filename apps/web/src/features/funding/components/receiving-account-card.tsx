import { useTranslation } from '@bolsa/client-kit/i18n';
import type { ReceivingAccount } from '@bolsa/contracts';
import { copyText } from '../../../lib/clipboard.ts';
import { showToast } from '../../../lib/toast.ts';

const fields = ['beneficiary', 'bankName', 'accountNumber', 'cbu', 'alias', 'iban', 'swift'] as const;
/** Names read as text; numbers and codes in a fixed-width font, where a 0 and an O differ. */
const isCode = (field: (typeof fields)[number]) => field !== 'beneficiary' && field !== 'bankName';

function CopyRow({ label, value, isCode = true, testId }: { label: string; value: string; isCode?: boolean; testId?: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    const isCopied = await copyText(value);
    showToast(isCopied ? t('common.copySuccess') : t('common.copyFailed'), isCopied ? 'success' : 'fail');
  };
  return (
    <div className="receiving-row">
      <dt>{label}</dt>
      <dd>
        <span className={isCode ? 'receiving-value is-code' : 'receiving-value'} data-testid={testId}>
          {value}
        </span>
        <button type="button" className="send-code-button" aria-label={t('funding.copyField', { field: label })} onClick={copy}>
          {t('common.copy')}
        </button>
      </dd>
    </div>
  );
}

/**
 * Where to send a bank deposit (issue 15 §4): the receiving account of the chosen wallet's currency,
 * each field with a copy button, and the reference unique to this deposit.
 */
export function ReceivingAccountCard({
  account,
  currency,
  reference,
}: {
  account: ReceivingAccount | undefined;
  currency: string;
  reference: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="receiving-account" aria-label={t('funding.sendTo')}>
      <h2 className="section-title">{t('funding.sendTo')}</h2>
      {account ? (
        <>
          {account.isDemo ? <p className="form-field-error">{t('funding.demoAccount')}</p> : null}
          <dl className="receiving-details">
            {fields.map((field) => {
              const value = account[field];
              return value ? <CopyRow key={field} label={t(`funding.bank.${field}`)} value={value} isCode={isCode(field)} /> : null;
            })}
          </dl>
        </>
      ) : (
        <p className="form-field-error">{t('funding.noReceivingAccount', { currency })}</p>
      )}
      <dl className="receiving-details receiving-reference">
        <CopyRow label={t('funding.reference')} value={reference} testId="deposit-reference" />
      </dl>
      <p className="form-field-hint">{t('funding.referenceHint')}</p>
    </section>
  );
}
