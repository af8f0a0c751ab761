import { useTranslation } from '@bolsa/client-kit/i18n';
import { currencies, type ReferralProgramme } from '@bolsa/contracts';
import { Alert, Button, Card, Form, Input, InputNumber, Select, Spin, Switch } from 'antd';
import { PageTitle } from '../../../components/page-title.tsx';
import { showSuccess } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { type ProgrammeEdit, useReferralProgramme, useUpdateReferralProgramme } from '../api/referral-programme.ts';

const amountFields = ['rewardAmount', 'minDeposit', 'yearlyCap'] as const;

function ProgrammeForm({ programme }: { programme: ReferralProgramme }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProgrammeEdit>();
  const update = useUpdateReferralProgramme();
  const required = { required: true, message: t('referral.required') };
  return (
    <Form<ProgrammeEdit>
      form={form}
      layout="vertical"
      initialValues={programme}
      style={{ maxWidth: 480 }}
      onFinish={(values) => update.mutate(values, { onSuccess: () => showSuccess(t('referral.saved')) })}
    >
      <Form.Item name="isEnabled" label={t('referral.fields.isEnabled')} valuePropName="checked" extra={t('referral.hints.isEnabled')}>
        <Switch />
      </Form.Item>
      <Form.Item name="currency" label={t('referral.fields.currency')} rules={[required]} extra={t('referral.hints.currency')}>
        <Select options={currencies.map((currency) => ({ value: currency, label: currency }))} />
      </Form.Item>
      {amountFields.map((field) => (
        <Form.Item key={field} name={field} label={t(`referral.fields.${field}`)} extra={t(`referral.hints.${field}`)} rules={[required]}>
          <Input inputMode="decimal" />
        </Form.Item>
      ))}
      <Form.Item name="holdDays" label={t('referral.fields.holdDays')} extra={t('referral.hints.holdDays')} rules={[required]}>
        <InputNumber min={0} max={365} precision={0} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {t('referral.save')}
      </Button>
    </Form>
  );
}

/** The referral programme: reward, currency, the deposit an invitee keeps and for how long, the yearly cap; audited. */
export function ReferralProgrammePage() {
  const { t } = useTranslation();
  const programme = useReferralProgramme();
  return (
    <>
      <PageTitle title={t('nav.referralProgramme')} />
      {programme.isError ? <Alert type="error" showIcon title={programme.error.message} style={{ marginBottom: 16 }} /> : null}
      {programme.data ? (
        <Card title={t('referral.inForceSince', { at: formatDateTime(programme.data.updatedAtTimestamp) })}>
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('referral.note')} />
          <ProgrammeForm key={programme.data.updatedAtTimestamp} programme={programme.data} />
        </Card>
      ) : (
        <Spin spinning={programme.isLoading} />
      )}
    </>
  );
}
