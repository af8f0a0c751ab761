import { useTranslation } from '@bolsa/client-kit/i18n';
import { type Tone, ToneTag } from './tone-tag.tsx';

const tones: Record<string, Tone> = {
  pending: 'gold',
  confirming: 'blue',
  credited: 'green',
  paid: 'green',
  verified: 'green',
  rejected: 'red',
};

/** A review state in words and colour (pending, paid, rejected…). */
export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return <ToneTag tone={tones[status] ?? 'default'}>{t(`status.${status}`, { defaultValue: status })}</ToneTag>;
}
