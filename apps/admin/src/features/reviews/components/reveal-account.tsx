import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from '@bolsa/client-kit/i18n';
import { Button, Descriptions, Typography } from 'antd';
import { showError } from '../../../lib/feedback.ts';
import { useRevealAccount } from '../api/reveal-account.ts';

/**
 * The withdrawal's full account, shown only when the operator asks (to pay it): the list shows it masked,
 * and each reveal is written to the audit log with who asked and when.
 */
export function RevealAccount({ withdrawalId }: { withdrawalId: string }) {
  const { t } = useTranslation();
  const reveal = useRevealAccount();
  if (!reveal.data)
    return (
      <div>
        <Button
          icon={<EyeOutlined />}
          size="small"
          loading={reveal.isPending}
          onClick={() => reveal.mutateAsync(withdrawalId).catch(showError)}
        >
          {t('reviews.revealAccount')}
        </Button>
        <Typography.Paragraph type="secondary">{t('reviews.revealNote')}</Typography.Paragraph>
      </div>
    );
  return (
    <Descriptions size="small" column={1} bordered title={t('reviews.fullAccount')} styles={{ label: { width: 180 } }}>
      {Object.entries(reveal.data.details).map(([field, value]) => (
        <Descriptions.Item key={field} label={t(`reviews.accountFields.${field}`, { defaultValue: field })}>
          <Typography.Text copyable>{value}</Typography.Text>
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}
