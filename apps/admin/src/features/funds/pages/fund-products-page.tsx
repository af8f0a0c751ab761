import { useTranslation } from '@bolsa/client-kit/i18n';
import type { FundProduct } from '@bolsa/contracts';
import { Alert, Button, Form, Input, InputNumber, Modal, Select, Switch, Table } from 'antd';
import { useState } from 'react';
import { PageTitle } from '../../../components/page-title.tsx';
import { ToneTag } from '../../../components/tone-tag.tsx';
import { showError, showSuccess } from '../../../lib/feedback.ts';
import { useCan } from '../../../lib/session-store.ts';
import { bps, type FundProductEdit, useFundProducts, useSaveFundProduct } from '../api/funds-api.ts';

const blank: FundProductEdit = {
  kind: 'current',
  code: '',
  name: '',
  minAmount: '1',
  instantRedeemDailyCap: '10000',
  periodDays: null,
  rateBps: null,
  isEarlyRedemptionAllowed: false,
  earlyRedemptionFeeBps: 0,
  isEnabled: true,
};

/** A product's fields for the form: the fields of its kind, the others empty. */
function editOf(product: FundProduct): FundProductEdit {
  return {
    kind: product.kind,
    code: product.code,
    name: product.name,
    minAmount: product.minAmount,
    instantRedeemDailyCap: product.instantRedeemDailyCap,
    periodDays: product.periodDays,
    rateBps: product.kind === 'period' ? product.rateBps : null,
    isEarlyRedemptionAllowed: product.isEarlyRedemptionAllowed,
    earlyRedemptionFeeBps: product.earlyRedemptionFeeBps,
    isEnabled: product.isEnabled,
  };
}

function ProductModal({ editing, onClose }: { editing: { id: string | null; values: FundProductEdit } | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FundProductEdit>();
  const save = useSaveFundProduct();
  const kind = Form.useWatch('kind', form) ?? editing?.values.kind;
  if (!editing) return null;
  const submit = (values: FundProductEdit) =>
    save.mutate(
      { id: editing.id, body: { ...values, instantRedeemDailyCap: values.instantRedeemDailyCap || null } },
      {
        onSuccess: () => {
          showSuccess(t('funds.saved'));
          onClose();
        },
        onError: showError,
      },
    );
  return (
    <Modal
      open
      title={editing.id === null ? t('funds.newProduct') : editing.values.name}
      okText={t('funds.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('funds.productNote')} />
      <Form<FundProductEdit> form={form} layout="vertical" initialValues={editing.values} onFinish={submit}>
        <Form.Item name="kind" label={t('funds.fields.kind')}>
          <Select
            disabled={editing.id !== null}
            options={['current', 'period'].map((value) => ({ value, label: t(`funds.kind.${value}`) }))}
          />
        </Form.Item>
        <Form.Item name="code" label={t('funds.fields.code')} rules={[{ required: true }]}>
          <Input />
        </Form.Item>
        <Form.Item name="name" label={t('funds.fields.name')} rules={[{ required: true }]}>
          <Input />
        </Form.Item>
        <Form.Item name="minAmount" label={t('funds.fields.minAmount')} rules={[{ required: true }]}>
          <Input inputMode="decimal" />
        </Form.Item>
        {kind === 'current' ? (
          <Form.Item name="instantRedeemDailyCap" label={t('funds.fields.instantRedeemDailyCap')} rules={[{ required: true }]}>
            <Input inputMode="decimal" />
          </Form.Item>
        ) : (
          <>
            <Form.Item name="periodDays" label={t('funds.fields.periodDays')} rules={[{ required: true }]}>
              <InputNumber min={1} max={3650} precision={0} />
            </Form.Item>
            <Form.Item name="rateBps" label={t('funds.fields.rateBps')} extra={t('funds.bpsHint')} rules={[{ required: true }]}>
              <InputNumber min={0} max={5000} precision={0} />
            </Form.Item>
            <Form.Item name="isEarlyRedemptionAllowed" label={t('funds.fields.isEarlyRedemptionAllowed')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="earlyRedemptionFeeBps" label={t('funds.fields.earlyRedemptionFeeBps')} extra={t('funds.bpsHint')}>
              <InputNumber min={0} max={5000} precision={0} />
            </Form.Item>
          </>
        )}
        <Form.Item name="isEnabled" label={t('funds.fields.isEnabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Fund products: kind, code, minimum, the current fund's daily instant cap, a period product's term, rate and early rule (audited). */
export function FundProductsPage() {
  const { t } = useTranslation();
  const products = useFundProducts();
  const canEdit = useCan('funds.manage');
  const [editing, setEditing] = useState<{ id: string | null; values: FundProductEdit }>();
  return (
    <>
      <PageTitle
        title={t('nav.fundProducts')}
        extra={canEdit ? <Button onClick={() => setEditing({ id: null, values: blank })}>{t('funds.newProduct')}</Button> : null}
      />
      {products.isError ? <Alert type="error" showIcon title={products.error.message} style={{ marginBottom: 16 }} /> : null}
      <Table<FundProduct>
        rowKey="id"
        size="middle"
        loading={products.isLoading}
        dataSource={products.data ?? []}
        scroll={{ x: 'max-content' }}
        pagination={false}
        columns={[
          { title: t('funds.fields.code'), dataIndex: 'code' },
          { title: t('funds.fields.name'), dataIndex: 'name' },
          { title: t('funds.fields.kind'), dataIndex: 'kind', render: (kind: string) => t(`funds.kind.${kind}`) },
          {
            title: t('funds.rate'),
            key: 'rate',
            render: (_value, row) => `${bps(row.rateBps)}${row.rateDate ? ` (${row.rateDate})` : ''}`,
          },
          {
            title: t('funds.sevenDayYield'),
            dataIndex: 'sevenDayYield',
            render: (value: string | null) => (value === null ? '' : `${value} %`),
          },
          { title: t('funds.fields.minAmount'), dataIndex: 'minAmount', align: 'right' },
          { title: t('funds.fields.instantRedeemDailyCap'), dataIndex: 'instantRedeemDailyCap', align: 'right' },
          { title: t('funds.fields.periodDays'), dataIndex: 'periodDays' },
          {
            title: t('funds.fields.isEarlyRedemptionAllowed'),
            key: 'early',
            render: (_value, row) =>
              row.kind === 'period' ? (row.isEarlyRedemptionAllowed ? bps(row.earlyRedemptionFeeBps) : t('funds.no')) : '',
          },
          {
            title: t('funds.fields.isEnabled'),
            dataIndex: 'isEnabled',
            render: (isEnabled: boolean) => (
              <ToneTag tone={isEnabled ? 'green' : 'default'}>{t(isEnabled ? 'funds.enabled' : 'funds.disabled')}</ToneTag>
            ),
          },
          ...(canEdit
            ? [
                {
                  title: t('reviews.actions'),
                  key: 'edit',
                  render: (_value: unknown, row: FundProduct) => (
                    <Button size="small" onClick={() => setEditing({ id: row.id, values: editOf(row) })}>
                      {t('funds.edit')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <ProductModal editing={editing} onClose={() => setEditing(undefined)} />
    </>
  );
}
