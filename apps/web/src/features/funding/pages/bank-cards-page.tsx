import '../../../lib/antd-mobile-setup.ts';
import { useTranslation } from '@bolsa/client-kit/i18n';
import { Dialog } from 'antd-mobile';
import { BankcardOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { pagePath } from '../../../lib/pages.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { useDeleteBankCard } from '../api/delete-bank-card.ts';
import { type BankCard, useBankCards } from '../api/get-bank-cards.ts';
import '../funding.css';

/** /pages/bcard/index: the user's saved bank cards (numbers masked), to edit or delete, and a way to add one. */
export function BankCardsPage() {
  const { t } = useTranslation();
  const cards = useBankCards();
  const deleteCard = useDeleteBankCard();

  const remove = async (card: BankCard) => {
    const isConfirmed = await Dialog.confirm({
      title: t('funding.deleteCardTitle'),
      content: t('funding.deleteCardText', { bank: card.bankName, number: card.cardNumberMasked }),
      confirmText: t('common.delete'),
      cancelText: t('common.cancel'),
    });
    if (!isConfirmed) return;
    deleteCard.mutate(card.id, { onSuccess: () => showToast(t('funding.cardDeleted'), 'success'), onError: showError });
  };

  return (
    <>
      <NavBar title={t('funding.bankCardsTitle')} />
      <div className="page-body">
        {cards.isPending ? (
          <ListSkeleton rows={2} />
        ) : cards.isError ? (
          <EmptyState title={t('wallet.loadFailed')}>
            <button type="button" className="button button-primary" onClick={() => void cards.refetch()}>
              {t('common.retry')}
            </button>
          </EmptyState>
        ) : cards.data.length === 0 ? (
          <EmptyState icon={<BankcardOutline />} title={t('funding.noCards')} description={t('funding.noCardsDescription')} />
        ) : (
          <ul className="card-list">
            {cards.data.map((card) => (
              <li key={card.id} className="bank-card">
                <div className="bank-card-info">
                  <span className="bank-card-bank">{card.bankName}</span>
                  <span className="bank-card-number">{card.cardNumberMasked}</span>
                  <span className="bank-card-holder">{card.accountName}</span>
                </div>
                <div className="bank-card-actions">
                  <Link
                    className="button button-small button-default"
                    to={pagePath('bankCardEdit', { id: card.id })}
                    aria-label={t('funding.editCardLabel', { number: card.cardNumberMasked })}
                  >
                    {t('common.edit')}
                  </Link>
                  <button
                    type="button"
                    className="button button-small button-danger"
                    onClick={() => void remove(card)}
                    aria-label={t('funding.deleteCardLabel', { number: card.cardNumberMasked })}
                  >
                    {t('common.delete')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <Link className="button button-primary button-block" to={pagePath('bankCardEdit')}>
          {t('funding.addCard')}
        </Link>
      </div>
    </>
  );
}
