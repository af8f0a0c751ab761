import { Tag } from 'antd';
import type { ReactNode } from 'react';

export type Tone = 'green' | 'gold' | 'red' | 'blue' | 'default';

/**
 * antd's coloured tags put mid-tone text on a pale fill, below the 4.5:1 contrast WCAG AA asks; the
 * same hues with darker text pass. An inline colour, because antd's generated styles win over a sheet.
 */
const textColors: Record<Tone, string | undefined> = {
  green: '#135200',
  gold: '#874d00',
  red: '#a8071a',
  blue: '#003eb3',
  default: undefined,
};

export function ToneTag({ tone, children, testId }: { tone: Tone; children: ReactNode; testId?: string }) {
  return (
    <Tag color={tone === 'default' ? undefined : tone} style={{ color: textColors[tone] }} data-testid={testId}>
      {children}
    </Tag>
  );
}
