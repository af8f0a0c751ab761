import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from '@bolsa/client-kit/i18n';
import { type ArticleTag, type Locale, locales } from '@bolsa/contracts';
import { Button, Form, Input, InputNumber, Modal, Table } from 'antd';
import { useState } from 'react';
import { PageTitle } from '../../../components/page-title.tsx';
import { showSuccess } from '../../../lib/feedback.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useArticleTags } from '../api/get-article-tags.ts';
import { type ArticleTagInput, useSaveArticleTag } from '../api/save-article-tag.ts';

type TagFormValues = { code: string; sortOrder: number; labels: Partial<Record<Locale, string>> };

/** #/article-tags: the tags the app filters articles by, with their label in each language. */
export function ArticleTagsPage() {
  const { t } = useTranslation();
  const tags = useArticleTags();
  const save = useSaveArticleTag();
  const [editing, setEditing] = useState<{ isNew: boolean; tag?: ArticleTag } | undefined>();
  const [form] = Form.useForm<TagFormValues>();
  const language = currentLocale();

  const open = (tag?: ArticleTag) => {
    form.resetFields();
    if (tag) form.setFieldsValue({ code: tag.code, sortOrder: tag.sortOrder, labels: tag.labels });
    setEditing({ isNew: tag === undefined, ...(tag ? { tag } : {}) });
  };

  const submit = (values: TagFormValues) => {
    const labels = Object.fromEntries(
      Object.entries(values.labels ?? {}).flatMap(([locale, label]) => (label?.trim() ? [[locale, label.trim()]] : [])),
    ) as ArticleTagInput['labels'];
    // Every reader finds a label through the fallback (their language, English, Spanish): one of those two is needed.
    if (!labels.es && !labels.en) {
      form.setFields([{ name: ['labels', 'es'], errors: [t('content.tagLabelRequired')] }]);
      return;
    }
    save.mutate(
      { isNew: editing?.isNew ?? true, input: { code: values.code, sortOrder: values.sortOrder ?? 0, labels } },
      {
        onSuccess: () => {
          showSuccess(t('content.saved'));
          setEditing(undefined);
        },
      },
    );
  };

  return (
    <>
      <PageTitle
        title={t('nav.articleTags')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open()}>
            {t('content.newTag')}
          </Button>
        }
      />
      <Table<ArticleTag>
        rowKey="code"
        loading={tags.isFetching}
        dataSource={tags.data ?? []}
        // antd's own empty state is too light for AA contrast; plain text in the page's colour.
        locale={{ emptyText: <span className="content-empty">{t('content.noTags')}</span> }}
        pagination={false}
        columns={[
          { title: t('content.tagCode'), dataIndex: 'code' },
          {
            title: t('content.tagLabel'),
            key: 'label',
            render: (_, tag) => tag.labels[language] ?? tag.labels.en ?? tag.labels.es ?? '',
          },
          { title: t('content.languages'), key: 'languages', render: (_, tag) => Object.keys(tag.labels).join(', ') },
          { title: t('content.sortOrder'), dataIndex: 'sortOrder' },
          {
            title: t('content.actions'),
            key: 'actions',
            render: (_, tag) => (
              <Button size="small" onClick={() => open(tag)}>
                {t('content.edit')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== undefined}
        title={editing?.isNew ? t('content.newTag') : t('content.editTag')}
        okText={t('content.save')}
        cancelText={t('content.cancel')}
        confirmLoading={save.isPending}
        onOk={() => form.submit()}
        onCancel={() => setEditing(undefined)}
        forceRender
      >
        <Form<TagFormValues> form={form} layout="vertical" initialValues={{ sortOrder: 0, labels: {} }} onFinish={submit}>
          <Form.Item
            name="code"
            label={t('content.tagCode')}
            extra={
              <>
                {t('content.tagCodeHelp')}
                <br />
                {t('content.tagInstrumentHelp')}
              </>
            }
            rules={[{ required: true, pattern: /^[a-z0-9][a-z0-9-]{0,39}$/, message: t('content.tagCodeHelp') }]}
          >
            <Input disabled={editing?.isNew === false} />
          </Form.Item>
          <Form.Item name="sortOrder" label={t('content.sortOrder')}>
            <InputNumber min={0} max={10_000} />
          </Form.Item>
          {locales.map((locale) => (
            <Form.Item key={locale} name={['labels', locale]} label={t(`content.localeNames.${locale}`)} rules={[{ max: 40 }]}>
              <Input lang={locale} />
            </Form.Item>
          ))}
        </Form>
      </Modal>
    </>
  );
}
