import { useTranslation } from '@bolsa/client-kit/i18n';
import { type RobotKind, type RobotParameters, robotKinds } from '@bolsa/contracts';
import { Alert, Button, Form, Input, InputNumber, Modal, Select, Space, Switch, Table } from 'antd';
import { type ReactNode, useState } from 'react';
import { PageTitle } from '../../../components/page-title.tsx';
import { ToneTag } from '../../../components/tone-tag.tsx';
import { showError, showSuccess } from '../../../lib/feedback.ts';
import { useCan } from '../../../lib/session-store.ts';
import {
  type EnergyPackEdit,
  type OperatorEnergyPack,
  type OperatorRobotPrice,
  type OperatorRobotTemplate,
  type RobotPriceEdit,
  type RobotTemplateEdit,
  useEnergyPacks,
  useRobotTemplates,
  useSavePack,
  useSavePrice,
  useSaveTemplate,
} from '../api/robots-api.ts';

/** Each kind's parameters: decimal ones (prices, money) stay text, the others are whole numbers. */
const parameterFields: Record<RobotKind, ReadonlyArray<{ name: string; isDecimal: boolean }>> = {
  grid: [
    { name: 'lowerPrice', isDecimal: true },
    { name: 'upperPrice', isDecimal: true },
    { name: 'levels', isDecimal: false },
  ],
  dca: [
    { name: 'amountPerBuy', isDecimal: true },
    { name: 'intervalHours', isDecimal: false },
  ],
  'ma-cross': [
    { name: 'shortWindow', isDecimal: false },
    { name: 'longWindow', isDecimal: false },
    { name: 'sampleMinutes', isDecimal: false },
  ],
  rebalance: [
    { name: 'targetPercent', isDecimal: false },
    { name: 'bandPercent', isDecimal: false },
  ],
};

const blankParameters: Record<RobotKind, RobotParameters> = {
  grid: { kind: 'grid', lowerPrice: '90', upperPrice: '110', levels: 10 },
  dca: { kind: 'dca', amountPerBuy: '50', intervalHours: 24 },
  'ma-cross': { kind: 'ma-cross', shortWindow: 5, longWindow: 20, sampleMinutes: 60 },
  rebalance: { kind: 'rebalance', targetPercent: 50, bandPercent: 5 },
};

/** A template's parameters in one line ("lowerPrice 90 · upperPrice 110 · levels 10"). */
export function parametersText(parameters: RobotParameters, t: (key: string) => string): string {
  return Object.entries(parameters)
    .filter(([key]) => key !== 'kind')
    .map(([key, value]) => `${t(`robots.parameters.${key}`)} ${value}`)
    .join(' · ');
}

/** What a save does when it answers: a toast and the dialog closed, or the server's words. */
function savedThen(onClose: () => void, t: (key: string) => string) {
  return {
    onSuccess: () => {
      showSuccess(t('robots.saved'));
      onClose();
    },
    onError: showError,
  };
}

/** The dialog each editor of this page opens in: Save submits its form, Cancel closes it. */
function EditorModal(props: { title: string; isSaving: boolean; onSave: () => void; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={props.title}
      okText={t('robots.save')}
      cancelText={t('common.cancel')}
      confirmLoading={props.isSaving}
      onOk={props.onSave}
      onCancel={props.onClose}
      destroyOnHidden
    >
      {props.children}
    </Modal>
  );
}

type TemplateEditing = { id: string | null; values: RobotTemplateEdit };

function TemplateModal({ editing, onClose }: { editing: TemplateEditing; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RobotTemplateEdit>();
  const save = useSaveTemplate();
  const kind: RobotKind = Form.useWatch('kind', form) ?? editing.values.kind;
  const submit = (values: RobotTemplateEdit) =>
    save.mutate(
      { id: editing.id, body: { ...values, defaultParameters: { ...values.defaultParameters, kind } as RobotParameters } },
      savedThen(onClose, t),
    );
  return (
    <EditorModal
      title={editing.id === null ? t('robots.newTemplate') : editing.values.name}
      isSaving={save.isPending}
      onSave={() => form.submit()}
      onClose={onClose}
    >
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('robots.templateNote')} />
      <Form<RobotTemplateEdit>
        form={form}
        layout="vertical"
        initialValues={editing.values}
        onFinish={submit}
        onValuesChange={(changed: Partial<RobotTemplateEdit>) => {
          if (changed.kind) form.setFieldValue('defaultParameters', blankParameters[changed.kind]);
        }}
      >
        <Form.Item name="kind" label={t('robots.fields.kind')}>
          <Select disabled={editing.id !== null} options={robotKinds.map((value) => ({ value, label: t(`robots.kind.${value}`) }))} />
        </Form.Item>
        <Form.Item name="code" label={t('robots.fields.code')} extra={t('robots.codeHint')} rules={[{ required: true }]}>
          <Input />
        </Form.Item>
        <Form.Item name="name" label={t('robots.fields.name')} rules={[{ required: true }]}>
          <Input />
        </Form.Item>
        {parameterFields[kind].map((field) => (
          <Form.Item
            key={`${kind}-${field.name}`}
            name={['defaultParameters', field.name]}
            label={t(`robots.parameters.${field.name}`)}
            rules={[{ required: true }]}
          >
            {field.isDecimal ? <Input inputMode="decimal" /> : <InputNumber min={1} precision={0} />}
          </Form.Item>
        ))}
        <Form.Item name="isEnabled" label={t('robots.fields.isEnabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </EditorModal>
  );
}

type PriceEditing = { id: string | null; templateName: string; values: RobotPriceEdit };

function PriceModal({ editing, onClose }: { editing: PriceEditing; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RobotPriceEdit>();
  const save = useSavePrice();
  const kind = Form.useWatch('kind', form) ?? editing.values.kind;
  const submit = (values: RobotPriceEdit) =>
    save.mutate(
      { id: editing.id, body: { ...values, templateId: editing.values.templateId, days: values.kind === 'purchase' ? null : values.days } },
      savedThen(onClose, t),
    );
  return (
    <EditorModal
      title={`${editing.templateName} · ${editing.id === null ? t('robots.newPrice') : t('robots.editPrice')}`}
      isSaving={save.isPending}
      onSave={() => form.submit()}
      onClose={onClose}
    >
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('robots.priceNote')} />
      <Form<RobotPriceEdit> form={form} layout="vertical" initialValues={editing.values} onFinish={submit}>
        <Form.Item name="kind" label={t('robots.fields.offer')}>
          <Select options={['purchase', 'rental'].map((value) => ({ value, label: t(`robots.offer.${value}`) }))} />
        </Form.Item>
        {kind === 'rental' ? (
          <Form.Item name="days" label={t('robots.fields.days')} rules={[{ required: true }]}>
            <Select options={[7, 30, 90].map((value) => ({ value, label: t('robots.days', { count: value }) }))} />
          </Form.Item>
        ) : null}
        <Form.Item name="price" label={t('robots.fields.price')} rules={[{ required: true }]}>
          <Input inputMode="decimal" addonAfter="USD" />
        </Form.Item>
        <Form.Item name="energyIncluded" label={t('robots.fields.energyIncluded')} extra={t('robots.energyHint')}>
          <InputNumber min={0} max={100_000} precision={0} />
        </Form.Item>
        <Form.Item name="isEnabled" label={t('robots.fields.isEnabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </EditorModal>
  );
}

type PackEditing = { id: string | null; values: EnergyPackEdit };

function PackModal({ editing, onClose }: { editing: PackEditing; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EnergyPackEdit>();
  const save = useSavePack();
  const submit = (values: EnergyPackEdit) => save.mutate({ id: editing.id, body: values }, savedThen(onClose, t));
  return (
    <EditorModal
      title={editing.id === null ? t('robots.newPack') : t('robots.editPack')}
      isSaving={save.isPending}
      onSave={() => form.submit()}
      onClose={onClose}
    >
      <Form<EnergyPackEdit> form={form} layout="vertical" initialValues={editing.values} onFinish={submit}>
        <Form.Item name="units" label={t('robots.fields.units')} extra={t('robots.energyHint')} rules={[{ required: true }]}>
          <InputNumber min={1} max={100_000} precision={0} />
        </Form.Item>
        <Form.Item name="price" label={t('robots.fields.price')} rules={[{ required: true }]}>
          <Input inputMode="decimal" addonAfter="USD" />
        </Form.Item>
        <Form.Item name="isEnabled" label={t('robots.fields.isEnabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </EditorModal>
  );
}

function EnabledTag({ isEnabled }: { isEnabled: boolean }) {
  const { t } = useTranslation();
  return <ToneTag tone={isEnabled ? 'green' : 'default'}>{t(isEnabled ? 'robots.enabled' : 'robots.disabled')}</ToneTag>;
}

const offerText = (price: OperatorRobotPrice, t: (key: string, options?: Record<string, unknown>) => string) =>
  price.kind === 'purchase' ? t('robots.offer.purchase') : `${t('robots.offer.rental')} · ${t('robots.days', { count: price.days })}`;

function PricesTable({ template, onEdit }: { template: OperatorRobotTemplate; onEdit?: (price: OperatorRobotPrice) => void }) {
  const { t } = useTranslation();
  return (
    <Table<OperatorRobotPrice>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={template.prices}
      columns={[
        { title: t('robots.fields.offer'), key: 'offer', render: (_value, price) => offerText(price, t) },
        { title: t('robots.fields.price'), dataIndex: 'price', align: 'right', render: (price: string) => `${price} USD` },
        { title: t('robots.fields.energyIncluded'), dataIndex: 'energyIncluded', align: 'right' },
        {
          title: t('robots.fields.isEnabled'),
          dataIndex: 'isEnabled',
          render: (isEnabled: boolean) => <EnabledTag isEnabled={isEnabled} />,
        },
        ...(onEdit
          ? [
              {
                title: t('robots.actions'),
                key: 'edit',
                render: (_value: unknown, price: OperatorRobotPrice) => (
                  <Button size="small" onClick={() => onEdit(price)}>
                    {t('robots.edit')}
                  </Button>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

const priceEditOf = (price: OperatorRobotPrice): RobotPriceEdit => ({
  templateId: price.templateId,
  kind: price.kind,
  days: price.days as RobotPriceEdit['days'],
  price: price.price,
  energyIncluded: price.energyIncluded,
  isEnabled: price.isEnabled,
});

function PacksSection({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const packs = useEnergyPacks();
  const [editing, setEditing] = useState<PackEditing>();
  return (
    <>
      <PageTitle
        title={t('robots.packs')}
        extra={
          canEdit ? (
            <Button onClick={() => setEditing({ id: null, values: { units: 100, price: '5', isEnabled: true } })}>
              {t('robots.newPack')}
            </Button>
          ) : null
        }
      />
      {packs.isError ? <Alert type="error" showIcon title={packs.error.message} style={{ marginBottom: 16 }} /> : null}
      <Table<OperatorEnergyPack>
        rowKey="id"
        size="middle"
        loading={packs.isLoading}
        dataSource={packs.data ?? []}
        pagination={false}
        columns={[
          { title: t('robots.fields.units'), dataIndex: 'units', align: 'right' },
          { title: t('robots.fields.price'), dataIndex: 'price', align: 'right', render: (price: string) => `${price} USD` },
          {
            title: t('robots.fields.isEnabled'),
            dataIndex: 'isEnabled',
            render: (isEnabled: boolean) => <EnabledTag isEnabled={isEnabled} />,
          },
          ...(canEdit
            ? [
                {
                  title: t('robots.actions'),
                  key: 'edit',
                  render: (_value: unknown, pack: OperatorEnergyPack) => (
                    <Button
                      size="small"
                      onClick={() =>
                        setEditing({ id: pack.id, values: { units: pack.units, price: pack.price, isEnabled: pack.isEnabled } })
                      }
                    >
                      {t('robots.edit')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing ? <PackModal editing={editing} onClose={() => setEditing(undefined)} /> : null}
    </>
  );
}

/** Robot templates with their offers (licence, 7/30/90-day rentals) and the energy packs; every change audited, prices apply forward only. */
export function RobotTemplatesPage() {
  const { t } = useTranslation();
  const templates = useRobotTemplates();
  const canEdit = useCan('robots.manage');
  const [editing, setEditing] = useState<TemplateEditing>();
  const [pricing, setPricing] = useState<PriceEditing>();
  const newTemplate: TemplateEditing = {
    id: null,
    values: { kind: 'grid', code: '', name: '', defaultParameters: blankParameters.grid, isEnabled: true },
  };
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <div>
        <PageTitle
          title={t('nav.robotTemplates')}
          extra={canEdit ? <Button onClick={() => setEditing(newTemplate)}>{t('robots.newTemplate')}</Button> : null}
        />
        {templates.isError ? <Alert type="error" showIcon title={templates.error.message} style={{ marginBottom: 16 }} /> : null}
        <Table<OperatorRobotTemplate>
          rowKey="id"
          size="middle"
          loading={templates.isLoading}
          dataSource={templates.data ?? []}
          scroll={{ x: 'max-content' }}
          pagination={false}
          expandable={{
            expandedRowRender: (template) => (
              <PricesTable
                template={template}
                onEdit={
                  canEdit ? (price) => setPricing({ id: price.id, templateName: template.name, values: priceEditOf(price) }) : undefined
                }
              />
            ),
          }}
          columns={[
            { title: t('robots.fields.code'), dataIndex: 'code' },
            { title: t('robots.fields.name'), dataIndex: 'name' },
            { title: t('robots.fields.kind'), dataIndex: 'kind', render: (kind: string) => t(`robots.kind.${kind}`) },
            {
              title: t('robots.fields.defaultParameters'),
              dataIndex: 'defaultParameters',
              render: (parameters: RobotParameters) => parametersText(parameters, t),
            },
            { title: t('robots.offers'), key: 'offers', render: (_value, row) => row.prices.length },
            {
              title: t('robots.fields.isEnabled'),
              dataIndex: 'isEnabled',
              render: (isEnabled: boolean) => <EnabledTag isEnabled={isEnabled} />,
            },
            ...(canEdit
              ? [
                  {
                    title: t('robots.actions'),
                    key: 'edit',
                    render: (_value: unknown, row: OperatorRobotTemplate) => (
                      <Space>
                        <Button
                          size="small"
                          onClick={() =>
                            setEditing({
                              id: row.id,
                              values: {
                                kind: row.kind,
                                code: row.code,
                                name: row.name,
                                defaultParameters: row.defaultParameters,
                                isEnabled: row.isEnabled,
                              },
                            })
                          }
                        >
                          {t('robots.edit')}
                        </Button>
                        <Button
                          size="small"
                          onClick={() =>
                            setPricing({
                              id: null,
                              templateName: row.name,
                              values: { templateId: row.id, kind: 'rental', days: 30, price: '10', energyIncluded: 720, isEnabled: true },
                            })
                          }
                        >
                          {t('robots.newPrice')}
                        </Button>
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </div>
      <div>
        <PacksSection canEdit={canEdit} />
      </div>
      {editing ? <TemplateModal editing={editing} onClose={() => setEditing(undefined)} /> : null}
      {pricing ? <PriceModal editing={pricing} onClose={() => setPricing(undefined)} /> : null}
    </Space>
  );
}
