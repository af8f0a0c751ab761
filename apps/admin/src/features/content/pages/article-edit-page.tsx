import { useTranslation } from '@bolsa/client-kit/i18n';
import { type ArticleKind, type Locale, locales, type OperatorArticle } from '@bolsa/contracts';
import { Alert, Button, Card, Form, Input, Radio, Select, Space, Spin, Tabs, Tag } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { showSuccess } from '../../../lib/feedback.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useArticle } from '../api/get-article.ts';
import { useArticleTags } from '../api/get-article-tags.ts';
import { type ArticleInput, useSaveArticle } from '../api/save-article.ts';
import { useSetArticlePublished } from '../api/set-article-published.ts';
import { publishedTagStyle } from './articles-page.tsx';

type Translation = { title?: string; summary?: string; body?: string };
type FormValues = { kind: ArticleKind; tags: string[]; translations: Partial<Record<Locale, Translation>> };

/** Only the languages the operator wrote in are sent: a language with neither title nor body is left out. */
export function toArticleInput(values: FormValues): ArticleInput {
  const translations: ArticleInput['translations'] = {};
  for (const locale of locales) {
    const translation = values.translations[locale];
    const title = translation?.title?.trim() ?? '';
    const body = translation?.body?.trim() ?? '';
    if (title === '' && body === '') continue;
    translations[locale] = { title, body, summary: translation?.summary?.trim() ?? '' };
  }
  return { kind: values.kind, tags: values.tags, translations };
}

function formValuesOf(article: OperatorArticle): FormValues {
  return { kind: article.kind, tags: article.tags, translations: article.translations };
}

/**
 * #/articles/edit (new) or #/articles/edit?id= : an article's kind, tags and text per language, and
 * whether the app shows it. Saving replaces every language; publishing is a separate, audited step.
 */
export function ArticleEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id') ?? undefined;
  const article = useArticle(id);
  const tags = useArticleTags();
  const save = useSaveArticle();
  const setPublished = useSetArticlePublished();
  const [form] = Form.useForm<FormValues>();
  const language = currentLocale();

  useEffect(() => {
    if (article.data) form.setFieldsValue(formValuesOf(article.data));
  }, [article.data, form]);

  const submit = (values: FormValues) => {
    const input = toArticleInput(values);
    if (Object.keys(input.translations).length === 0) {
      form.setFields([{ name: ['translations', language, 'title'], errors: [t('content.oneLanguageRequired')] }]);
      return;
    }
    save.mutate(
      { id, input },
      {
        onSuccess: (saved) => {
          showSuccess(t('content.saved'));
          if (!id) navigate(`/articles/edit?id=${saved.id}`, { replace: true });
        },
      },
    );
  };

  if (id && article.isPending) return <Spin />;
  if (id && article.isError) return <Alert type="error" message={article.error.message} showIcon />;

  const current = article.data;
  const initialKind: ArticleKind = searchParams.get('kind') === 'notice' ? 'notice' : 'news';
  return (
    <>
      <PageTitle
        title={id ? t('content.editArticle') : t('content.newArticle')}
        extra={
          current ? (
            <Space>
              {current.isPublished ? (
                <Tag style={publishedTagStyle}>{t('content.statusPublished')}</Tag>
              ) : (
                <Tag>{t('content.statusDraft')}</Tag>
              )}
              <Button
                loading={setPublished.isPending}
                onClick={() =>
                  setPublished.mutate(
                    { id: current.id, isPublished: !current.isPublished },
                    { onSuccess: (saved) => showSuccess(t(saved.isPublished ? 'content.published' : 'content.unpublished')) },
                  )
                }
              >
                {t(current.isPublished ? 'content.unpublish' : 'content.publish')}
              </Button>
            </Space>
          ) : null
        }
      />
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{ kind: initialKind, tags: [], translations: {} }}
        onFinish={submit}
        style={{ maxWidth: 880 }}
      >
        <Card>
          <Form.Item name="kind" label={t('content.kind')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'news', label: t('content.kinds.news') },
                { value: 'notice', label: t('content.kinds.notice') },
              ]}
            />
          </Form.Item>
          <Form.Item name="tags" label={t('content.tags')}>
            <Select
              mode="multiple"
              loading={tags.isPending}
              options={(tags.data ?? []).map((tag) => ({
                value: tag.code,
                label: tag.labels[language] ?? tag.labels.en ?? tag.labels.es ?? tag.code,
              }))}
            />
          </Form.Item>
          <p>{t('content.languagesHelp')}</p>
          <Tabs
            items={locales.map((locale) => ({
              key: locale,
              label: t(`content.localeNames.${locale}`),
              forceRender: true,
              children: (
                <div lang={locale}>
                  <Form.Item name={['translations', locale, 'title']} label={t('content.title')} rules={[{ max: 200 }]}>
                    <Input />
                  </Form.Item>
                  <Form.Item name={['translations', locale, 'summary']} label={t('content.summary')} rules={[{ max: 500 }]}>
                    <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
                  </Form.Item>
                  <Form.Item name={['translations', locale, 'body']} label={t('content.body')} extra={t('content.bodyHelp')}>
                    <Input.TextArea autoSize={{ minRows: 8, maxRows: 24 }} />
                  </Form.Item>
                </div>
              ),
            }))}
          />
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('content.save')}
          </Button>
        </Card>
      </Form>
    </>
  );
}
