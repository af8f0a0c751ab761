import { useTranslation } from '@bolsa/client-kit/i18n';
import { Card, Col, Descriptions, Row, Tag } from 'antd';
import { PageTitle } from '../../../components/page-title.tsx';
import { permissionsOf, useOperator } from '../../../lib/session-store.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { DaySummary } from '../components/day-summary.tsx';

/** What waits and what moved today (issue 15 §12), then who is signed in, in which role, and what that role may do. */
export function DashboardPage() {
  const { t } = useTranslation();
  const operator = useOperator();
  const permissions = permissionsOf(operator);
  const dashboard = useDashboard();
  return (
    <>
      <PageTitle title={t('dashboard.title')} />
      {dashboard.data ? <DaySummary dashboard={dashboard.data} /> : null}
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={12}>
          <Card title={t('dashboard.signedInAs')}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('auth.email')}>{operator?.email}</Descriptions.Item>
              <Descriptions.Item label={t('dashboard.role')}>{operator ? t(`roles.${operator.role}`) : ''}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('dashboard.permissions')}>
            {permissions.map((permission) => (
              <Tag key={permission} style={{ marginBottom: 4 }}>
                {t(`permissions.${permission}`)}
              </Tag>
            ))}
          </Card>
        </Col>
      </Row>
    </>
  );
}
