import { useTranslation } from '@bolsa/client-kit/i18n';
import { Button, Card, Form, Input, InputNumber, Modal, Segmented, Space, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { PageTitle } from '../../../components/page-title.tsx';
import { ToneTag } from '../../../components/tone-tag.tsx';
import { useCan } from '../../../lib/session-store.ts';
import { type SettingsEdit, type SettingsTarget, useEditSettings } from '../api/edit-settings.ts';
import { useHaltInstrument } from '../api/halt-instrument.ts';
import { type MarketSettings, useMarketSettings } from '../api/market-settings.ts';
import { type InstrumentRow, useInstruments } from '../api/search-instruments.ts';

const PAGE_SIZE = 20;
type Override = {
  feeRate: string | null;
  feeMinimum: string | null;
  leverageMin: number | null;
  leverageMax: number | null;
  minQuantity?: string | null;
};
type Editing = { target: SettingsTarget; title: string; override: Override };
type FormValues = { feeRate?: string; feeMinimum?: string; leverageMin?: number | null; leverageMax?: number | null; minQuantity?: string };

/** An empty field returns the value to its default (the market's, or the reference data's): null on the wire. */
function toEdit(values: FormValues, hasMinQuantity: boolean): SettingsEdit {
  const text = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : value.trim());
  return {
    feeRate: text(values.feeRate),
    feeMinimum: text(values.feeMinimum),
    leverageMin: values.leverageMin ?? null,
    leverageMax: values.leverageMax ?? null,
    ...(hasMinQuantity ? { minQuantity: text(values.minQuantity) } : {}),
  };
}

function SettingsModal({ editing, onClose }: { editing: Editing | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const edit = useEditSettings();
  if (!editing) return null;
  const hasMinQuantity = editing.target.scope === 'instrument';
  return (
    <Modal
      open
      title={editing.title}
      okText={t('instruments.save')}
      cancelText={t('instruments.cancel')}
      confirmLoading={edit.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>{t('instruments.emptyMeansDefault')}</p>
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          feeRate: editing.override.feeRate ?? '',
          feeMinimum: editing.override.feeMinimum ?? '',
          leverageMin: editing.override.leverageMin,
          leverageMax: editing.override.leverageMax,
          minQuantity: editing.override.minQuantity ?? '',
        }}
        onFinish={(values) =>
          edit
            .mutateAsync({ target: editing.target, edit: toEdit(values, hasMinQuantity) })
            .then(onClose)
            .catch(() => undefined)
        }
      >
        <Form.Item name="feeRate" label={t('instruments.feeRate')}>
          <Input inputMode="decimal" placeholder="0.001" />
        </Form.Item>
        <Form.Item name="feeMinimum" label={t('instruments.feeMinimum')}>
          <Input inputMode="decimal" placeholder="1.00" />
        </Form.Item>
        <Space>
          <Form.Item name="leverageMin" label={t('instruments.leverageMin')}>
            <InputNumber min={1} max={1000} precision={0} />
          </Form.Item>
          <Form.Item name="leverageMax" label={t('instruments.leverageMax')}>
            <InputNumber min={1} max={1000} precision={0} />
          </Form.Item>
        </Space>
        {hasMinQuantity && (
          <Form.Item name="minQuantity" label={t('instruments.minQuantity')}>
            <Input inputMode="decimal" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

function HaltModal({ code, onClose }: { code: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const halt = useHaltInstrument();
  if (!code) return null;
  return (
    <Modal
      open
      title={t('instruments.haltTitle', { code })}
      okText={t('instruments.halt')}
      cancelText={t('instruments.cancel')}
      okButtonProps={{ danger: true, disabled: reason.trim() === '' }}
      confirmLoading={halt.isPending}
      onCancel={onClose}
      onOk={() =>
        halt
          .mutateAsync({ code, isHalting: true, reason: reason.trim() })
          .then(() => {
            setReason('');
            onClose();
          })
          .catch(() => undefined)
      }
    >
      <Input.TextArea
        aria-label={t('instruments.haltReason')}
        placeholder={t('instruments.haltReason')}
        value={reason}
        maxLength={200}
        onChange={(event) => setReason(event.target.value)}
      />
    </Modal>
  );
}

const settingsColumns = (t: (key: string) => string) => [
  {
    title: t('instruments.feeRate'),
    key: 'feeRate',
    render: (_: unknown, row: { effective: { feeRate: string } }) => row.effective.feeRate,
  },
  {
    title: t('instruments.feeMinimum'),
    key: 'feeMinimum',
    render: (_: unknown, row: { effective: { feeMinimum: string } }) => row.effective.feeMinimum,
  },
  {
    title: t('instruments.leverage'),
    key: 'leverage',
    render: (_: unknown, row: { effective: { leverageMin: number; leverageMax: number } }) =>
      `${row.effective.leverageMin}–${row.effective.leverageMax}×`,
  },
];

/** Each market's rules, which its instruments follow unless they override them. */
function MarketsCard({ canEdit, onEdit }: { canEdit: boolean; onEdit: (editing: Editing) => void }) {
  const { t } = useTranslation();
  const markets = useMarketSettings();
  return (
    <Card title={t('instruments.marketsTitle')} style={{ marginTop: 16 }}>
      <Table<MarketSettings[number]>
        rowKey="source"
        size="small"
        scroll={{ x: 'max-content' }}
        pagination={false}
        loading={markets.isFetching}
        dataSource={markets.data ?? []}
        columns={[
          { title: t('instruments.market'), dataIndex: 'source', render: (source: string) => t(`instruments.sources.${source}`) },
          ...settingsColumns(t),
          {
            title: t('instruments.actions'),
            key: 'actions',
            render: (_value, row) =>
              canEdit && (
                <Button
                  size="small"
                  onClick={() =>
                    onEdit({
                      target: { scope: 'market', source: row.source },
                      title: t('instruments.editTitle', { name: t(`instruments.sources.${row.source}`) }),
                      override: row.override,
                    })
                  }
                >
                  {t('instruments.edit')}
                </Button>
              ),
          },
        ]}
      />
    </Card>
  );
}

/** Instruments with the rules their next order is checked with; halt, resume and edit per instrument or market. */
export function InstrumentsPage() {
  const { t } = useTranslation();
  const canEdit = useCan('instruments.edit');
  const [query, setQuery] = useState('');
  const [isHalted, setIsHalted] = useState<'all' | 'true'>('all');
  const [pageNum, setPageNum] = useState(1);
  const [editing, setEditing] = useState<Editing>();
  const [halting, setHalting] = useState<string>();
  const instruments = useInstruments({ query, pageNum, pageSize: PAGE_SIZE, ...(isHalted === 'true' ? { isHalted } : {}) });
  const resume = useHaltInstrument();
  return (
    <>
      <PageTitle title={t('instruments.title')} />
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label={t('instruments.search')}
          placeholder={t('instruments.searchPlaceholder')}
          allowClear
          enterButton={t('instruments.searchButton')}
          onSearch={(value) => {
            setQuery(value.trim());
            setPageNum(1);
          }}
          style={{ width: 360 }}
        />
        <Segmented
          value={isHalted}
          onChange={(value) => {
            setIsHalted(value as 'all' | 'true');
            setPageNum(1);
          }}
          options={[
            { value: 'all', label: t('instruments.all') },
            { value: 'true', label: t('instruments.haltedOnly') },
          ]}
        />
      </Space>
      <Table<InstrumentRow>
        rowKey="code"
        scroll={{ x: 'max-content' }}
        loading={instruments.isFetching}
        dataSource={instruments.data?.list ?? []}
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: instruments.data?.total ?? 0,
          onChange: setPageNum,
          showSizeChanger: false,
        }}
        columns={[
          { title: t('instruments.code'), dataIndex: 'code' },
          { title: t('instruments.name'), dataIndex: 'name', ellipsis: true },
          { title: t('instruments.market'), dataIndex: 'market' },
          {
            title: t('instruments.state'),
            dataIndex: 'isHalted',
            render: (halted: boolean, row) =>
              halted ? (
                <Tooltip title={row.haltReason}>
                  <ToneTag tone="red">{t('instruments.haltedTag')}</ToneTag>
                </Tooltip>
              ) : (
                <ToneTag tone="green">{t('instruments.trading')}</ToneTag>
              ),
          },
          ...settingsColumns(t),
          { title: t('instruments.minQuantity'), key: 'minQuantity', render: (_value, row) => row.effective.minQuantity },
          {
            title: t('instruments.actions'),
            key: 'actions',
            render: (_value, row) =>
              canEdit && (
                <Space>
                  {row.isHalted ? (
                    <Button size="small" onClick={() => resume.mutateAsync({ code: row.code, isHalting: false }).catch(() => undefined)}>
                      {t('instruments.resume')}
                    </Button>
                  ) : (
                    <Button size="small" danger onClick={() => setHalting(row.code)}>
                      {t('instruments.halt')}
                    </Button>
                  )}
                  <Button
                    size="small"
                    onClick={() =>
                      setEditing({
                        target: { scope: 'instrument', code: row.code },
                        title: t('instruments.editTitle', { name: row.code }),
                        override: row.override,
                      })
                    }
                  >
                    {t('instruments.edit')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <MarketsCard canEdit={canEdit} onEdit={setEditing} />
      <SettingsModal editing={editing} onClose={() => setEditing(undefined)} />
      <HaltModal code={halting} onClose={() => setHalting(undefined)} />
    </>
  );
}
