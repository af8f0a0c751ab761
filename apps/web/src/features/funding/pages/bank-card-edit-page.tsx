import { useTranslation } from '@bolsa/client-kit/i18n';
import { addCardBody } from '@bolsa/contracts';
import { type FormEvent, useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSecondFactor } from '../../../components/ask-otp-code.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { hasHistory } from '../../../lib/navigation.ts';
import { pagePath } from '../../../lib/pages.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useBankCards } from '../api/get-bank-cards.ts';
import { useSaveBankCard } from '../api/save-bank-card.ts';

type Field = 'bankName' | 'accountName' | 'cardNumber' | 'routingNumber';

/**
 * /pages/bcard/modify: adds a bank card, or edits the card `?id=` names. The server keeps only the
 * last four digits visible, so an edit asks for the full number again.
 */
export function BankCardEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id');
  const cards = useBankCards();
  const save = useSaveBankCard();
  const askSecondFactor = useSecondFactor();
  const form = useForm(addCardBody, { bankName: '', accountName: '', cardNumber: '', routingNumber: '' });
  const editing = id ? cards.data?.find((card) => card.id === id) : undefined;
  const { setValue } = form;

  useEffect(() => {
    if (!editing) return;
    setValue('bankName', editing.bankName);
    setValue('accountName', editing.accountName);
    setValue('routingNumber', editing.routingNumber ?? '');
  }, [editing, setValue]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) return;
    const secondFactor = await askSecondFactor();
    if (!secondFactor) return;
    save.mutate(id ? { ...body, ...secondFactor, id: Number(id) } : { ...body, ...secondFactor }, {
      onSuccess: () => {
        showToast(t('funding.cardSaved'), 'success');
        if (hasHistory()) navigate(-1);
        else navigate(pagePath('bankCards'), { replace: true });
      },
      onError: showError,
    });
  };

  const fieldError = (name: Field) => {
    const key = form.errors[name];
    return key ? t(key) : undefined;
  };

  return (
    <>
      <NavBar title={id ? t('funding.editCardTitle') : t('funding.addCardTitle')} />
      <div className="page-body">
        <form className="form" onSubmit={(event) => void submit(event)} noValidate>
          <FormField
            label={t('fields.bankName')}
            name="bankName"
            autoComplete="off"
            maxLength={50}
            value={form.values.bankName}
            onValueChange={(value) => form.setValue('bankName', value)}
            error={fieldError('bankName')}
          />
          <FormField
            label={t('fields.accountName')}
            name="accountName"
            autoComplete="name"
            maxLength={50}
            value={form.values.accountName}
            onValueChange={(value) => form.setValue('accountName', value)}
            error={fieldError('accountName')}
          />
          <FormField
            label={t('fields.cardNumber')}
            name="cardNumber"
            autoComplete="off"
            autoCapitalize="off"
            maxLength={40}
            value={form.values.cardNumber}
            onValueChange={(value) => form.setValue('cardNumber', value.replace(/[^\dA-Za-z\s.-]/g, ''))}
            error={fieldError('cardNumber')}
            hint={editing ? t('funding.cardNumberAgain', { number: editing.cardNumberMasked }) : undefined}
          />
          <FormField
            label={t('fields.routingNumber')}
            name="routingNumber"
            autoComplete="off"
            inputMode="numeric"
            maxLength={11}
            value={form.values.routingNumber}
            onValueChange={(value) => form.setValue('routingNumber', value.replace(/[^\d\s-]/g, ''))}
            error={fieldError('routingNumber')}
            hint={t('funding.routingHint')}
          />
          <button type="submit" className="button button-primary button-block" disabled={save.isPending}>
            {t('common.save')}
          </button>
        </form>
      </div>
    </>
  );
}
