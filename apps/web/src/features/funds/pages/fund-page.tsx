import { useTranslation } from '@bolsa/client-kit/i18n';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { pagePath } from '../../../lib/pages.ts';
import { useFundProducts, useFundStat } from '../api/funds-api.ts';
import { BuyForm } from '../components/buy-form.tsx';
import { PlansSection } from '../components/plans-section.tsx';
import { ProductCard } from '../components/product-card.tsx';
import '../funds.css';

/** /pages/yinmutual/index: the funds with their published rates and rules, buying one, and regular investment plans. */
export function FundPage() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const products = useFundProducts();
  const stat = useFundStat();
  const [chosenId, setChosenId] = useState<string>();
  const list = products.data?.list ?? [];
  const current = list.find((product) => product.kind === 'current');
  return (
    <>
      <NavBar title={t('fund.title')} />
      <div className="page-body">
        <p className="notice fund-intro">{t('fund.intro')}</p>
        <div className="fund-card fund-row">
          <span>
            {t('fund.totalAssets')}: <strong>{formatMoney(stat.data?.totalAssets ?? '0', locale)}</strong>
          </span>
          <Link className="button button-default" to={pagePath('fundHold')}>
            {t('fund.myHoldings')}
          </Link>
        </div>
        {products.isPending ? (
          <ListSkeleton rows={3} />
        ) : list.length === 0 ? (
          <EmptyState title={products.isError ? t('wallet.loadFailed') : t('fund.noProducts')} />
        ) : (
          <>
            <ul className="fund-list">
              {list.map((product) => (
                <ProductCard
                  key={product.id}
                  product={product}
                  locale={locale}
                  isSelected={product.id === chosenId}
                  onChoose={() => setChosenId(product.id)}
                >
                  <BuyForm product={product} locale={locale} />
                </ProductCard>
              ))}
            </ul>
            {current ? <PlansSection product={current} locale={locale} /> : null}
          </>
        )}
      </div>
    </>
  );
}
