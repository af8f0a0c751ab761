import { useTranslation } from '@bolsa/client-kit/i18n';
import { Button, Card, Form, Input, Radio } from 'antd';
import { PageTitle } from '../../../components/page-title.tsx';
import { showSuccess } from '../../../lib/feedback.ts';
import { useSendMessage } from '../api/send-message.ts';

type MessageForm = { audience: 'one' | 'everyone'; userId?: string; title: string; content: string };

/** A message to one user (by id) or to everyone; it lands in the app's inbox. */
export function SendMessagePage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<MessageForm>();
  const audience = Form.useWatch('audience', form);
  const send = useSendMessage();
  return (
    <>
      <PageTitle title={t('nav.messages')} />
      <Card style={{ maxWidth: 640 }}>
        <Form<MessageForm>
          form={form}
          layout="vertical"
          initialValues={{ audience: 'one' }}
          disabled={send.isPending}
          onFinish={(values) =>
            send.mutate(
              { userId: values.audience === 'one' ? values.userId : undefined, title: values.title, content: values.content },
              {
                onSuccess: () => {
                  showSuccess(values.audience === 'one' ? t('messages.sentToOne') : t('messages.sentToEveryone'));
                  form.resetFields();
                },
              },
            )
          }
        >
          <Form.Item name="audience" label={t('messages.audience')}>
            <Radio.Group
              options={[
                { value: 'one', label: t('messages.oneUser') },
                { value: 'everyone', label: t('messages.everyone') },
              ]}
            />
          </Form.Item>
          {audience !== 'everyone' ? (
            <Form.Item
              name="userId"
              label={t('messages.userId')}
              rules={[{ required: true, pattern: /^\d{1,15}$/, message: t('messages.userIdInvalid') }]}
            >
              <Input inputMode="numeric" />
            </Form.Item>
          ) : null}
          <Form.Item
            name="title"
            label={t('messages.title')}
            rules={[{ required: true, whitespace: true, max: 120, message: t('messages.titleRequired') }]}
          >
            <Input maxLength={120} showCount />
          </Form.Item>
          <Form.Item
            name="content"
            label={t('messages.content')}
            rules={[{ required: true, whitespace: true, max: 4000, message: t('messages.contentRequired') }]}
          >
            <Input.TextArea rows={6} maxLength={4000} showCount />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={send.isPending}>
            {t('messages.send')}
          </Button>
        </Form>
      </Card>
    </>
  );
}
