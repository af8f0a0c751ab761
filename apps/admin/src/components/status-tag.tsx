import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const colors: Record<string, string> = {
  pending: 'gold',
  confirming: 'blue',
  credited: 'green',
  paid: 'green',
  verified: 'green',
  rejected: 'red',
  below_minimum: 'default',
  none: 'default',
};

/** A review state in words and colour (pending, paid, rejected…). */
export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Tag color={colors[status] ?? 'default'}>{t(`status.${status}`, { defaultValue: status })}</Tag>;
}
