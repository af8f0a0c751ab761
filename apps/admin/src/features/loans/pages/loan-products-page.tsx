import { useTranslation } from '@bolsa/client-kit/i18n';
import type { LoanProduct } from '@bolsa/contracts';
import { Alert, Button, Form, Input, Modal, Switch, Table } from 'antd';
import { useState } from 'react';
import { PageTitle } from '../../../components/page-title.tsx';
import { ToneTag } from '../../../components/tone-tag.tsx';
import { showSuccess } from '../../../lib/feedback.ts';
import { useCan } from '../../../lib/session-store.ts';
import { type ProductEdit, percent, useLoanProducts, useUpdateProduct } from '../api/loans-api.ts';

const fields = ['dailyRate', 'minAmount', 'maxAmount', 'penaltyDailyRate', 'penaltyCapShare', 'secondApprovalAbove'] as const;

function ProductModal({ product, onClose }: { product: LoanProduct | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProductEdit>();
  const update = useUpdateProduct();
  if (!product) return null;
  return (
    <Modal
      open
      title={t('loans.editProduct', { days: product.periodDays })}
      okText={t('loans.save')}
      cancelText={t('common.cancel')}
      confirmLoading={update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('loans.productNote')} />
      <Form<ProductEdit>
        form={form}
        layout="vertical"
        initialValues={product}
        onFinish={(values) =>
          update.mutate({ id: product.id, body: values }, { onSuccess: () => (showSuccess(t('loans.productSaved')), onClose()) })
        }
      >
        {fields.map((field) => (
          <Form.Item
            key={field}
            name={field}
            label={t(`loans.fields.${field}`)}
            extra={t(`loans.fieldHints.${field}`)}
            rules={[{ required: true }]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
        ))}
        <Form.Item name="isEnabled" label={t('loans.fields.isEnabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Loan products: period, rates, limits, penalty rule and the second-approval threshold; changes are audited. */
export function LoanProductsPage() {
  const { t } = useTranslation();
  const products = useLoanProducts();
  const canEdit = useCan('loans.settings');
  const [editing, setEditing] = useState<LoanProduct>();
  return (
    <>
      <PageTitle title={t('nav.loanProducts')} />
      {products.isError ? <Alert type="error" showIcon title={products.error.message} style={{ marginBottom: 16 }} /> : null}
      <Table<LoanProduct>
        rowKey="id"
        size="middle"
        loading={products.isLoading}
        dataSource={products.data ?? []}
        scroll={{ x: 'max-content' }}
        pagination={false}
        columns={[
          { title: t('loans.period'), dataIndex: 'periodDays' },
          { title: t('loans.fields.dailyRate'), dataIndex: 'dailyRate', render: (rate: string) => percent(rate) },
          { title: t('loans.apr'), dataIndex: 'apr', render: (rate: string) => percent(rate) },
          { title: t('loans.fields.minAmount'), dataIndex: 'minAmount', align: 'right' },
          { title: t('loans.fields.maxAmount'), dataIndex: 'maxAmount', align: 'right' },
          { title: t('loans.fields.penaltyDailyRate'), dataIndex: 'penaltyDailyRate', render: (rate: string) => percent(rate) },
          { title: t('loans.fields.penaltyCapShare'), dataIndex: 'penaltyCapShare', render: (rate: string) => percent(rate) },
          { title: t('loans.fields.secondApprovalAbove'), dataIndex: 'secondApprovalAbove', align: 'right' },
          {
            title: t('loans.fields.isEnabled'),
            dataIndex: 'isEnabled',
            render: (isEnabled: boolean) => (
              <ToneTag tone={isEnabled ? 'green' : 'default'}>{t(isEnabled ? 'loans.enabled' : 'loans.disabled')}</ToneTag>
            ),
          },
          ...(canEdit
            ? [
                {
                  title: t('reviews.actions'),
                  key: 'edit',
                  render: (_value: unknown, row: LoanProduct) => (
                    <Button size="small" onClick={() => setEditing(row)}>
                      {t('loans.edit')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <ProductModal product={editing} onClose={() => setEditing(undefined)} />
    </>
  );
}
