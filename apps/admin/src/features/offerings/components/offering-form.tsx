import { useTranslation } from '@bolsa/client-kit/i18n';
import { allocationRules, offeringKinds } from '@bolsa/contracts';
import { Button, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { type Offering, type OfferingInput, useSaveOffering } from '../api/offerings.ts';

/** The form's values: dates as the browser's datetime-local text, everything else as the contract takes it. */
type FormValues = Omit<OfferingInput, 'openTimestamp' | 'purchaseEndDate' | 'allotTimestamp' | 'listDate' | 'marketDate' | 'recordDate'> & {
  /** Rights issues: the record date whose holders receive rights. */
  recordAt?: string;
  openAt: string;
  closeAt: string;
  allotAt: string;
  listAt: string;
  /** Placings: from when the placed shares can be sold. */
  marketAt?: string;
};

const HOUR = 3_600_000;
const localText = (timestamp: number) => {
  const date = new Date(timestamp - new Date(timestamp).getTimezoneOffset() * 60_000);
  return date.toISOString().slice(0, 16);
};
const timestampOf = (text: string) => new Date(text).getTime();

function initialOf(editing: Offering | null): Partial<FormValues> {
  if (!editing) {
    const start = Math.ceil((Date.now() + 24 * HOUR) / HOUR) * HOUR;
    return {
      kind: 'ipo',
      exchangeCode: 'NASDAQ',
      allocationRule: 'ballot_one_lot_priority',
      lotSize: 100,
      minQuantity: 100,
      maxQuantity: 5000,
      feeRate: '0.001',
      openAt: localText(start),
      closeAt: localText(start + 72 * HOUR),
      allotAt: localText(start + 96 * HOUR),
      listAt: localText(start + 144 * HOUR),
      marketAt: localText(start + 168 * HOUR),
    };
  }
  return {
    kind: editing.kind,
    reason: editing.reason,
    ...(editing.marketDate === null ? {} : { marketAt: localText(editing.marketDate) }),
    ...(editing.recordDate === null ? {} : { recordAt: localText(editing.recordDate) }),
    ...(editing.rightsRatio === null ? {} : { rightsRatio: editing.rightsRatio }),
    code: editing.code,
    name: editing.name,
    exchangeCode: editing.exchangeCode as FormValues['exchangeCode'],
    prospectusDate: editing.prospectusDate,
    prospectusUrl: editing.prospectusUrl,
    fundRaising: editing.fundRaising,
    priceLow: editing.priceLow,
    priceHigh: editing.priceHigh,
    price: editing.price,
    lotSize: editing.lotSize,
    minQuantity: editing.minQuantity,
    maxQuantity: editing.maxQuantity,
    sharesOffered: editing.sharesOffered,
    feeRate: editing.feeRate,
    allocationRule: editing.allocationRule,
    openAt: localText(editing.openTimestamp),
    closeAt: localText(editing.purchaseEndDate),
    allotAt: localText(editing.allotTimestamp),
    listAt: localText(editing.listDate),
  };
}

const textFields = [
  ['code', 10],
  ['name', 100],
  ['prospectusUrl', 300],
] as const;
const moneyFields = ['fundRaising', 'priceLow', 'priceHigh', 'price'] as const;
const wholeFields = ['lotSize', 'minQuantity', 'maxQuantity', 'sharesOffered'] as const;
const dateFields = ['openAt', 'closeAt', 'allotAt', 'listAt'] as const;

/** A placing's own fields: why the shares are placed and from when they can be sold (its price is fixed: no range). */
function PlacingFields({ required }: { required: Array<{ required: boolean; message: string }> }) {
  const { t } = useTranslation();
  return (
    <>
      <Col xs={24} sm={12}>
        <Form.Item name="marketAt" label={t('offerings.fields.marketAt')} rules={required}>
          <Input type="datetime-local" />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name="reason" label={t('offerings.fields.reason')} rules={required}>
          <Input maxLength={300} />
        </Form.Item>
      </Col>
    </>
  );
}

/** A rights issue's own fields: new shares per share held, and the record date (before the window opens). */
function RightsFields({ required }: { required: Array<{ required: boolean; message: string }> }) {
  const { t } = useTranslation();
  return (
    <>
      <Col xs={12} sm={6}>
        <Form.Item name="rightsRatio" label={t('offerings.fields.rightsRatio')} rules={required}>
          <Input inputMode="decimal" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="recordAt" label={t('offerings.fields.recordAt')} rules={required}>
          <Input type="datetime-local" />
        </Form.Item>
      </Col>
    </>
  );
}

/** The contract's body from the form: dates as timestamps, and the one price of a placing or rights issue as its range too. */
function inputOf({ openAt, closeAt, allotAt, listAt, marketAt, recordAt, ...values }: FormValues): OfferingInput {
  const isPlacing = values.kind === 'placing';
  const isRights = values.kind === 'rights';
  return {
    ...values,
    ...(isPlacing || isRights ? { priceLow: values.price, priceHigh: values.price } : {}),
    ...(isPlacing ? {} : { reason: undefined }),
    ...(isRights && recordAt ? { recordDate: timestampOf(recordAt) } : { rightsRatio: undefined }),
    openTimestamp: timestampOf(openAt),
    purchaseEndDate: timestampOf(closeAt),
    allotTimestamp: timestampOf(allotAt),
    listDate: timestampOf(listAt),
    ...(isPlacing && marketAt ? { marketDate: timestampOf(marketAt) } : {}),
  };
}

/** Every field of an IPO (issue 18 §2), a placing (§3) or a rights issue (§4); saving sends it for publication by another operator. */
export function OfferingForm({ editing, onDone }: { editing: Offering | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const kind = Form.useWatch('kind', form) ?? editing?.kind ?? 'ipo';
  const save = useSaveOffering();
  const submit = (values: FormValues) =>
    save
      .mutateAsync({ ...inputOf(values), ...(editing ? { id: editing.id } : {}) })
      .then(onDone)
      .catch(() => undefined);
  const required = [{ required: true, message: t('offerings.required') }];
  return (
    <Form form={form} layout="vertical" initialValues={initialOf(editing)} onFinish={submit}>
      <Row gutter={12}>
        <Col xs={24}>
          <Form.Item name="kind" label={t('offerings.fields.kind')} rules={required}>
            <Select options={offeringKinds.map((value) => ({ value, label: t(`offerings.kinds.${value}`) }))} />
          </Form.Item>
        </Col>
        {textFields.map(([field, max]) => (
          <Col key={field} xs={24} sm={12}>
            <Form.Item name={field} label={t(`offerings.fields.${field}`)} rules={field === 'prospectusUrl' ? [] : required}>
              <Input maxLength={max} />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} sm={12}>
          <Form.Item name="exchangeCode" label={t('offerings.fields.exchangeCode')} rules={required}>
            <Select options={['NASDAQ', 'NYSE', 'AMEX'].map((value) => ({ value, label: value }))} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="prospectusDate" label={t('offerings.fields.prospectusDate')} rules={required}>
            <Input type="date" />
          </Form.Item>
        </Col>
        {moneyFields
          .filter((field) => kind === 'ipo' || (field !== 'priceLow' && field !== 'priceHigh'))
          .map((field) => (
            <Col key={field} xs={12} sm={6}>
              <Form.Item name={field} label={t(`offerings.fields.${field}`)} rules={required}>
                <Input inputMode="decimal" />
              </Form.Item>
            </Col>
          ))}
        {wholeFields.map((field) => (
          <Col key={field} xs={12} sm={6}>
            <Form.Item name={field} label={t(`offerings.fields.${field}`)} rules={required}>
              <InputNumber min={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        ))}
        <Col xs={12} sm={6}>
          <Form.Item name="feeRate" label={t('offerings.fields.feeRate')} rules={required}>
            <Input inputMode="decimal" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={18}>
          <Form.Item name="allocationRule" label={t('offerings.fields.allocationRule')} rules={required}>
            <Select options={allocationRules.map((value) => ({ value, label: t(`offerings.rules.${value}`) }))} />
          </Form.Item>
        </Col>
        {dateFields.map((field) => (
          <Col key={field} xs={24} sm={12}>
            <Form.Item name={field} label={t(`offerings.fields.${field}`)} rules={required}>
              <Input type="datetime-local" />
            </Form.Item>
          </Col>
        ))}
        {kind === 'placing' ? <PlacingFields required={required} /> : null}
        {kind === 'rights' ? <RightsFields required={required} /> : null}
      </Row>
      <p>{t('offerings.fourEyes')}</p>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('offerings.save')}
      </Button>
    </Form>
  );
}
