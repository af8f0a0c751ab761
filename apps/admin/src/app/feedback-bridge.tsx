import { App } from 'antd';
import { useEffect } from 'react';
import { setMessageApi } from '../lib/feedback.ts';

/** Hands antd's context-aware `message` to lib/feedback, so code outside components can toast. */
export function FeedbackBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    setMessageApi(message);
    return () => setMessageApi(undefined);
  }, [message]);
  return null;
}
