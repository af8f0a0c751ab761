import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The page's one h1, with its actions (refresh, filters) on the right. */
export function PageTitle({ title, extra }: { title: string; extra?: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
      <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
        {title}
      </Typography.Title>
      {extra}
    </Flex>
  );
}
