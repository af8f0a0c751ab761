import { useTranslation } from '@bolsa/client-kit/i18n';
import { type Locale, type TradeDirection, tradeDirections } from '@bolsa/contracts';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FormField } from '../../../components/form-field.tsx';
import { FormSelect } from '../../../components/form-select.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { formatDecimal } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { newIdempotencyKey } from '../../../lib/idempotency.ts';
import { pagePath } from '../../../lib/pages.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { useCreateTwap } from '../api/twap.ts';
import { DirectionChoice } from '../components/order-ticket-fields.tsx';
import '../trade.css';

/** The periods offered, in seconds: 5 minutes to a day (the server accepts any whole number in that range). */
const periods = ['300', '900', '1800', '3600', '14400', '86400'] as const;

type Draft = { code: string; direction: TradeDirection; quantity: string; period: string; slices: string; limit: string };

/** About how many shares each slice takes and how far apart they are: what the form shows under the slices. */
function sliceHintOf(draft: Draft, locale: Locale) {
  const quantity = Number(draft.quantity);
  const slices = Number(draft.slices);
  if (!(quantity > 0) || !(slices >= 2)) return undefined;
  return { quantity: formatDecimal(String(Math.floor(quantity / slices)), locale), seconds: Math.floor(Number(draft.period) / slices) };
}

/**
 * /pages/trade/twap: a large stock order worked over time (issue 19 §3). The user picks the stock, the
 * side, the total quantity, the period and the number of slices, and a limit beyond which slices wait;
 * the server checks it all and answers each refusal in the user's language.
 */
export function TwapPage() {
  const { t, i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();
  const navigate = useNavigate();
  const create = useCreateTwap();
  const [key] = useState(newIdempotencyKey);
  const [searchParams] = useSearchParams();
  // A stock's quote page opens this page with its code filled in (`?code=`).
  const [draft, setDraft] = useState<Draft>(() => ({
    code: (searchParams.get('code') ?? '').trim().toUpperCase(),
    direction: 0,
    quantity: '',
    period: '900',
    slices: '10',
    limit: '',
  }));
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const hint = sliceHintOf(draft, locale);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const limitPrice = draft.limit.trim().replace(',', '.');
    create.mutate(
      {
        stockCode: draft.code.trim(),
        direction: draft.direction,
        quantity: draft.quantity.trim(),
        periodSeconds: Number(draft.period),
        slices: Number(draft.slices),
        ...(limitPrice ? { limitPrice } : {}),
        idempotencyKey: key,
      },
      {
        onSuccess: () => {
          showToast(t('trade.twap.started'), 'success');
          navigate(pagePath('trade', { tab: 7 }));
        },
        onError: showError,
      },
    );
  };
  return (
    <>
      <NavBar title={t('trade.twap.title')} />
      <form className="page-body" onSubmit={submit}>
        <p className="notice">
          <span className="notice-text">{t('trade.twap.intro')}</span>
        </p>
        <FormField
          label={t('trade.twap.code')}
          value={draft.code}
          onValueChange={(code) => set({ code: code.toUpperCase() })}
          autoCapitalize="characters"
          autoComplete="off"
          required
        />
        <DirectionChoice direction={draft.direction} onChange={(direction) => set({ direction })} />
        <FormField
          label={t('trade.twap.quantity')}
          value={draft.quantity}
          onValueChange={(quantity) => set({ quantity })}
          inputMode="numeric"
          required
        />
        <FormSelect
          label={t('trade.twap.period')}
          value={draft.period}
          onValueChange={(period) => set({ period })}
          options={periods.map((value) => ({ value, label: t(`trade.twap.periods.${value}`) }))}
        />
        <FormField
          label={t('trade.twap.slices')}
          value={draft.slices}
          onValueChange={(slices) => set({ slices })}
          inputMode="numeric"
          required
          {...(hint ? { hint: t('trade.twap.sliceHint', hint) } : {})}
        />
        <FormField
          label={t('trade.twap.limit')}
          value={draft.limit}
          onValueChange={(limit) => set({ limit })}
          inputMode="decimal"
          hint={t(draft.direction === tradeDirections.buy ? 'trade.twap.limitHintBuy' : 'trade.twap.limitHintSell')}
        />
        <button type="submit" className="button button-primary button-block" disabled={create.isPending}>
          {t('trade.twap.submit')}
        </button>
      </form>
    </>
  );
}
