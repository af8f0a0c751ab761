import { useTranslation } from '@bolsa/client-kit/i18n';
import { Alert, Button, Card, Flex, Form, Skeleton, Space, Steps, Typography } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { PageTitle } from '../../../components/page-title.tsx';
import { ToneTag } from '../../../components/tone-tag.tsx';
import { showSuccess } from '../../../lib/feedback.ts';
import { type TotpEnrolment, useConfirmTotp, useDisableTotp, useProfile, useStartTotp } from '../api/totp.ts';
import { TotpCodeField } from '../components/totp-code-field.tsx';

function QrImage({ uri, alt }: { uri: string; alt: string }) {
  const [dataUrl, setDataUrl] = useState<string>();
  useEffect(() => {
    let isCurrent = true;
    void QRCode.toDataURL(uri, { margin: 1, width: 200 }).then((value) => {
      if (isCurrent) setDataUrl(value);
    });
    return () => {
      isCurrent = false;
    };
  }, [uri]);
  return dataUrl ? <img src={dataUrl} alt={alt} width={200} height={200} data-testid="totp-qr" /> : <Skeleton.Image active />;
}

/** The operator's own sign-in: two-factor enrolment (scan, confirm with a code) and turning it off. */
export function SecurityPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const disable = useDisableTotp();
  const [enrolment, setEnrolment] = useState<TotpEnrolment>();

  if (profile.isLoading) return <Skeleton active />;
  if (profile.isError) return <Alert type="error" showIcon title={profile.error.message} />;
  const isEnabled = profile.data?.isTotpEnabled === true;

  return (
    <>
      <PageTitle title={t('nav.security')} />
      <Card
        title={t('security.twoFactor')}
        extra={isEnabled ? <ToneTag tone="green">{t('operators.on')}</ToneTag> : <ToneTag tone="default">{t('operators.off')}</ToneTag>}
        style={{ maxWidth: 720 }}
      >
        {isEnabled ? (
          <>
            <Typography.Paragraph>{t('security.enabledExplanation')}</Typography.Paragraph>
            <Form<{ code: string }>
              layout="vertical"
              disabled={disable.isPending}
              onFinish={({ code }) => disable.mutate(code, { onSuccess: () => showSuccess(t('security.disabled')) })}
            >
              <TotpCodeField />
              <Button danger htmlType="submit" loading={disable.isPending}>
                {t('security.disable')}
              </Button>
            </Form>
          </>
        ) : enrolment ? (
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Steps
              direction="vertical"
              size="small"
              current={1}
              items={[{ title: t('security.stepScan') }, { title: t('security.stepConfirm') }]}
            />
            <Flex wrap gap={24} align="center">
              <QrImage uri={enrolment.otpauthUri} alt={t('security.qrAlt')} />
              <div>
                <Typography.Text type="secondary">{t('security.manualKey')}</Typography.Text>
                <Typography.Paragraph
                  copyable={{ text: enrolment.secret }}
                  code
                  data-testid="totp-secret"
                  style={{ wordBreak: 'break-all' }}
                >
                  {enrolment.secret}
                </Typography.Paragraph>
              </div>
            </Flex>
            <Form<{ code: string }>
              layout="vertical"
              disabled={confirm.isPending}
              onFinish={({ code }) =>
                confirm.mutate(code, {
                  onSuccess: () => {
                    setEnrolment(undefined);
                    showSuccess(t('security.enabled'));
                  },
                })
              }
            >
              <TotpCodeField autoFocus />
              <Button type="primary" htmlType="submit" loading={confirm.isPending}>
                {t('security.confirm')}
              </Button>
            </Form>
          </Space>
        ) : (
          <>
            <Typography.Paragraph>{t('security.disabledExplanation')}</Typography.Paragraph>
            <Button type="primary" loading={start.isPending} onClick={() => start.mutate(undefined, { onSuccess: setEnrolment })}>
              {t('security.enrol')}
            </Button>
          </>
        )}
      </Card>
    </>
  );
}
