import { resultCodeOf } from '@bolsa/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PayPasswordPad } from '../../../components/pay-password-pad.tsx';
import { useUserInfo } from '../../../lib/auth/get-user-info.ts';
import { isAnswerUnknown, useSubmissionKey } from '../../../lib/idempotency.ts';
import { withdrawalRecordRoute } from '../../../lib/navigation.ts';
import { pagePath } from '../../../lib/pages.ts';
import { showError, showToast } from '../../../lib/toast.ts';

type Pending<Body> = { body: Body; summary: ReactNode };

/**
 * The confirmation step every withdrawal shares: users without a transaction password are sent to
 * set one; the others type it on the pad. Each submission carries one idempotency key, kept while
 * the same request is retried after an answer that never came, so a retry never withdraws twice.
 */
export function useWithdrawFlow<Body>(apply: (body: Body, payPassword: string, idempotencyKey: string) => Promise<unknown>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useUserInfo();
  const submissionKey = useSubmissionKey();
  const [pending, setPending] = useState<Pending<Body> | null>(null);
  const hasPayPassword = user?.hasPayPassword === true;

  const start = (body: Body, summary: ReactNode) => {
    if (!hasPayPassword) {
      showToast(t('errors.PAY_PASSWORD_NOT_SET'), 'fail');
      navigate(pagePath('payPassword'));
      return;
    }
    setPending({ body, summary });
  };

  const confirm = (payPassword: string): Promise<unknown> | undefined => {
    if (!pending) return undefined;
    const idempotencyKey = submissionKey.keyFor(JSON.stringify(pending.body));
    return apply(pending.body, payPassword, idempotencyKey).then(
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
  return { start, pad, hasPayPassword, isUserKnown: user !== undefined };
}
