import '../../../lib/antd-mobile-setup.ts';
import { useTranslation } from '@bolsa/client-kit/i18n';
import { cryptoNetworks, saveAddressBody } from '@bolsa/contracts';
import { Dialog } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { FormSelect } from '../../../components/form-select.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { showError, showToast } from '../../../lib/toast.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useDeleteWithdrawalAddress } from '../api/delete-withdrawal-address.ts';
import { useWithdrawalAddresses, type WithdrawalAddress } from '../api/get-withdrawal-addresses.ts';
import { useSaveWithdrawalAddress } from '../api/save-withdrawal-address.ts';
import '../funding.css';
import { useSecondFactor } from '../../../components/ask-otp-code.tsx';

/** The id of an edited address is kept apart: an empty id would not pass the contract's id rule. */
const emptyForm = { network: 'TRC20', address: '', label: '' };

type AddressListProps = {
  addresses: ReturnType<typeof useWithdrawalAddresses>;
  onEdit: (address: WithdrawalAddress) => void;
  onDelete: (address: WithdrawalAddress) => void;
};

/** The saved addresses, each with its edit and delete buttons. */
function AddressList({ addresses, onEdit, onDelete }: AddressListProps) {
  const { t } = useTranslation();
  if (addresses.isPending) return <ListSkeleton rows={2} />;
  if (addresses.isError)
    return (
      <EmptyState title={t('wallet.loadFailed')}>
        <button type="button" className="button button-primary" onClick={() => void addresses.refetch()}>
          {t('common.retry')}
        </button>
      </EmptyState>
    );
  if (addresses.data.length === 0) return <EmptyState title={t('funding.noAddresses')} description={t('funding.noAddressesDescription')} />;
  return (
    <ul className="card-list">
      {addresses.data.map((address) => (
        <li key={address.id} className="bank-card">
          <div className="bank-card-info">
            <span className="bank-card-bank">
              {address.network}
              {address.label ? ` · ${address.label}` : ''}
            </span>
            <span className="bank-card-number address-text">{address.address}</span>
          </div>
          <div className="bank-card-actions">
            <button
              type="button"
              className="button button-small button-default"
              onClick={() => onEdit(address)}
              aria-label={t('funding.editAddressLabel', { address: address.address })}
            >
              {t('common.edit')}
            </button>
            <button
              type="button"
              className="button button-small button-danger"
              onClick={() => onDelete(address)}
              aria-label={t('funding.deleteAddressLabel', { address: address.address })}
            >
              {t('common.delete')}
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** /pages/vm/modify: the user's crypto withdrawal addresses: list, add, edit and delete. */
export function CryptoAddressesPage() {
  const { t } = useTranslation();
  const addresses = useWithdrawalAddresses();
  const save = useSaveWithdrawalAddress();
  const askSecondFactor = useSecondFactor();
  const remove = useDeleteWithdrawalAddress();
  const [editingId, setEditingId] = useState<string | null>(null);
  const form = useForm(saveAddressBody, emptyForm);

  const edit = (address: WithdrawalAddress) => {
    setEditingId(address.id);
    form.setValue('network', address.network);
    form.setValue('address', address.address);
    form.setValue('label', address.label ?? '');
  };

  const reset = () => {
    setEditingId(null);
    for (const [name, value] of Object.entries(emptyForm)) form.setValue(name as keyof typeof emptyForm, value);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) return;
    const secondFactor = await askSecondFactor();
    if (!secondFactor) return;
    save.mutate(editingId ? { ...body, ...secondFactor, id: Number(editingId) } : { ...body, ...secondFactor }, {
      onSuccess: () => {
        showToast(t('funding.addressSaved'), 'success');
        reset();
      },
      onError: showError,
    });
  };

  const confirmDelete = async (address: WithdrawalAddress) => {
    const isConfirmed = await Dialog.confirm({
      title: t('funding.deleteAddressTitle'),
      content: address.address,
      confirmText: t('common.delete'),
      cancelText: t('common.cancel'),
    });
    if (!isConfirmed) return;
    remove.mutate(address.id, {
      onSuccess: () => {
        showToast(t('funding.addressDeleted'), 'success');
        if (editingId === address.id) reset();
      },
      onError: showError,
    });
  };

  const fieldError = (name: 'network' | 'address' | 'label') => {
    const key = form.errors[name];
    return key ? t(key) : undefined;
  };

  return (
    <>
      <NavBar title={t('funding.addressesTitle')} />
      <div className="page-body">
        <AddressList addresses={addresses} onEdit={edit} onDelete={(address) => void confirmDelete(address)} />
        <section aria-labelledby="address-form-title">
          <h2 id="address-form-title" className="section-title">
            {editingId ? t('funding.editAddressTitle') : t('funding.addAddressTitle')}
          </h2>
          <form className="form" onSubmit={(event) => void submit(event)} noValidate>
            <FormSelect
              label={t('fields.network')}
              value={form.values.network}
              options={cryptoNetworks.map((network) => ({ value: network, label: network }))}
              onValueChange={(value) => form.setValue('network', value)}
              error={fieldError('network')}
            />
            <FormField
              label={t('fields.address')}
              name="address"
              autoComplete="off"
              spellCheck={false}
              maxLength={100}
              placeholder={form.values.network === 'TRC20' ? 'T…' : '0x…'}
              value={form.values.address}
              onValueChange={(value) => form.setValue('address', value.trim())}
              error={fieldError('address')}
            />
            <FormField
              label={`${t('fields.label')} (${t('auth.optional')})`}
              name="label"
              autoComplete="off"
              maxLength={50}
              value={form.values.label}
              onValueChange={(value) => form.setValue('label', value)}
              error={fieldError('label')}
            />
            <button type="submit" className="button button-primary button-block" disabled={save.isPending}>
              {t('common.save')}
            </button>
            {editingId ? (
              <button type="button" className="button button-default button-block" onClick={reset}>
                {t('common.cancel')}
              </button>
            ) : null}
          </form>
        </section>
      </div>
    </>
  );
}
