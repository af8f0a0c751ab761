import { useTranslation } from '@bolsa/client-kit/i18n';
import { Button, Card, Descriptions, Form, Input } from 'antd';
import { PageTitle } from '../../../components/page-title.tsx';
import { showSuccess } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { type PublishAppVersionInput, usePublishAppVersion } from '../api/publish-app-version.ts';

/** Publishes the version the app offers to update to (`/web/appVersion/getPublishAppVersion`). */
export function AppVersionsPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PublishAppVersionInput>();
  const publish = usePublishAppVersion();
  const published = publish.data;
  return (
    <>
      <PageTitle title={t('nav.appVersions')} />
      <Card style={{ maxWidth: 640 }}>
        <Form<PublishAppVersionInput>
          form={form}
          layout="vertical"
          disabled={publish.isPending}
          onFinish={(values) =>
            publish.mutate(
              { version: values.version.trim(), notes: values.notes || undefined, downloadUrl: values.downloadUrl || undefined },
              {
                onSuccess: (result) => {
                  showSuccess(t('appVersions.published', { version: result.version }));
                  form.resetFields();
                },
              },
            )
          }
        >
          <Form.Item
            name="version"
            label={t('appVersions.version')}
            extra={t('appVersions.versionHint')}
            rules={[{ required: true, pattern: /^\s*\d+\.\d+\.\d+\s*$/, message: t('appVersions.versionInvalid') }]}
          >
            <Input placeholder="1.2.0" />
          </Form.Item>
          <Form.Item name="notes" label={t('appVersions.notes')} rules={[{ max: 2000 }]}>
            <Input.TextArea rows={4} maxLength={2000} showCount />
          </Form.Item>
          <Form.Item
            name="downloadUrl"
            label={t('appVersions.downloadUrl')}
            rules={[{ pattern: /^https:\/\/\S+$/, message: t('appVersions.downloadUrlInvalid') }]}
          >
            <Input placeholder="https://" inputMode="url" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={publish.isPending}>
            {t('appVersions.publish')}
          </Button>
        </Form>
      </Card>
      {published ? (
        <Card title={t('appVersions.current')} style={{ maxWidth: 640, marginTop: 16 }}>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('appVersions.version')}>{published.version}</Descriptions.Item>
            {published.publishedAtTimestamp ? (
              <Descriptions.Item label={t('appVersions.publishedAt')}>{formatDateTime(published.publishedAtTimestamp)}</Descriptions.Item>
            ) : null}
          </Descriptions>
        </Card>
      ) : null}
    </>
  );
}
