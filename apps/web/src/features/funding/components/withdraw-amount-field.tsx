import { useTranslation } from '@bolsa/client-kit/i18n';
import { AmountField } from '../../../components/amount-field.tsx';
import { truncateDecimal } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';

type WithdrawAmountFieldProps = {
  value: string;
  onValueChange: (value: string) => void;
  /** The usable amount, for the "All" button. */
  usableAmount: string | undefined;
  currency: string | undefined;
  error: string | undefined;
};

/** The amount to withdraw, with an "All" button that fills in the usable amount. */
export function WithdrawAmountField({ value, onValueChange, usableAmount, currency, error }: WithdrawAmountFieldProps) {
  const { t } = useTranslation();
  return (
    <AmountField
      label={currency ? t('funding.amountIn', { currency }) : t('fields.amount')}
      name="amount"
      locale={currentLocale()}
      value={value}
      onValueChange={onValueChange}
      error={error}
      addon={
        <button
          type="button"
          className="send-code-button"
          disabled={!usableAmount}
          onClick={() => usableAmount && onValueChange(truncateDecimal(usableAmount))}
        >
          {t('funding.all')}
        </button>
      }
    />
  );
}
