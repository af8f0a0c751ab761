import { useTranslation } from '@bolsa/client-kit/i18n';
import { resultCodeOf } from '@bolsa/contracts';
import { Dialog } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSecondFactor } from '../../../components/ask-otp-code.tsx';
import { PayPasswordPad } from '../../../components/pay-password-pad.tsx';
import { useUserInfo } from '../../../lib/auth/get-user-info.ts';
import { isAnswerUnknown, useSubmissionKey } from '../../../lib/idempotency.ts';
import { withdrawalRecordRoute } from '../../../lib/navigation.ts';
import { pagePath } from '../../../lib/pages.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { useIdentityState } from '../api/get-identity-state.ts';
import { IdentityNotice } from './identity-notice.tsx';

type Pending<Body> = { body: Body; summary: ReactNode };

/**
 * The confirmation step every withdrawal shares: an unverified user is told to verify their identity
 * first, before the pad opens (issue 15 §12); users without a transaction password are sent to set one;
 * the others type it on the pad. Each submission carries one idempotency key, kept while
 * the same request is retried after an answer that never came, so a retry never withdraws twice.
 */
export function useWithdrawFlow<Body>(
  apply: (body: Body, payPassword: string, idempotencyKey: string, secondFactor: { otpCode?: string }) => Promise<unknown>,
) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useUserInfo();
  const submissionKey = useSubmissionKey();
  const askSecondFactor = useSecondFactor();
  const [pending, setPending] = useState<Pending<Body> | null>(null);
  const hasPayPassword = user?.hasPayPassword === true;
  const identity = useIdentityState();
  const identityStatus = identity.data?.status;
  const isUnverified = identityStatus !== undefined && identityStatus !== 'verified';

  const start = (body: Body, summary: ReactNode) => {
    if (isUnverified) {
      void Dialog.confirm({
        title: t('funding.verifyIdentityTitle'),
        content: identityStatus === 'pending' ? t('funding.identityInReview') : t('funding.verifyIdentityFirst'),
        confirmText: t('funding.verifyIdentity'),
        cancelText: t('common.cancel'),
      }).then((isConfirmed) => {
        if (isConfirmed) navigate(pagePath('kyc'));
      });
      return;
    }
    if (!hasPayPassword) {
      showToast(t('errors.PAY_PASSWORD_NOT_SET'), 'fail');
      navigate(pagePath('payPassword'));
      return;
    }
    setPending({ body, summary });
  };

  // With two-factor on, the code is asked for once the pay password is typed (issue 25 §1).
  const confirm = async (payPassword: string): Promise<unknown> => {
    if (!pending) return undefined;
    const secondFactor = await askSecondFactor();
    // Cancelled: the pad clears and waits, as after a refusal.
    if (!secondFactor) throw new Error('no second-factor code given');
    const idempotencyKey = submissionKey.keyFor(JSON.stringify(pending.body));
    return apply(pending.body, payPassword, idempotencyKey, secondFactor).then(
      () => {
        submissionKey.settle();
        setPending(null);
        showToast(t('funding.withdrawSubmitted'), 'success');
        navigate(withdrawalRecordRoute, { replace: true });
      },
      (error: unknown) => {
        if (!isAnswerUnknown(error)) submissionKey.settle();
        showError(error);
        if ((error as { code?: unknown }).code === resultCodeOf('PAY_PASSWORD_NOT_SET')) navigate(pagePath('payPassword'));
        throw error;
      },
    );
  };

  const pad = <PayPasswordPad visible={pending !== null} onClose={() => setPending(null)} onSubmit={confirm} summary={pending?.summary} />;
  const identityNotice = isUnverified ? <IdentityNotice status={identityStatus} /> : null;
  return { start, pad, hasPayPassword, isUserKnown: user !== undefined, identityNotice };
}
