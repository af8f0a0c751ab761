import { useTranslation } from '@bolsa/client-kit/i18n';
import { locales } from '@bolsa/contracts';
import { Button, Card, Form, Input, List, Select } from 'antd';
import { showSuccess } from '../../../lib/feedback.ts';
import { useCannedReplies, useSaveCannedReply } from '../api/support-api.ts';

type CannedForm = { language: (typeof locales)[number]; title: string; text: string };

/** Canned replies per language: the list, and a form that adds one or replaces the one of the same title. */
export function CannedRepliesCard() {
  const { t } = useTranslation();
  const [form] = Form.useForm<CannedForm>();
  const replies = useCannedReplies();
  const save = useSaveCannedReply();
  // The list shows the replies of the language being edited, so eight languages do not make a wall of text.
  const language = Form.useWatch('language', form) ?? 'es';
  return (
    <Card size="small" title={t('support.cannedReplies')} style={{ marginTop: 16 }}>
      <List
        size="small"
        dataSource={(replies.data ?? []).filter((reply) => reply.language === language)}
        renderItem={(reply) => (
          <List.Item>
            <strong>{reply.title}</strong>: {reply.text}
          </List.Item>
        )}
      />
      <Form<CannedForm>
        form={form}
        layout="vertical"
        initialValues={{ language: 'es' }}
        onFinish={(values) =>
          save.mutate(values, {
            onSuccess: () => {
              showSuccess(t('support.cannedSaved'));
              form.resetFields();
            },
          })
        }
      >
        <Form.Item name="language" label={t('support.language')}>
          <Select options={locales.map((locale) => ({ value: locale, label: locale }))} />
        </Form.Item>
        <Form.Item name="title" label={t('support.cannedTitle')} rules={[{ required: true, max: 60 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="text" label={t('support.cannedText')} rules={[{ required: true, max: 2000 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Button htmlType="submit" loading={save.isPending}>
          {t('support.saveCanned')}
        </Button>
      </Form>
    </Card>
  );
}
