import { loadFeatureMessages, useTranslation } from '@bolsa/client-kit/i18n';
import { type CSSProperties, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { pushClient } from '../../../lib/push-client.ts';
import { useToken } from '../../../lib/session-store.ts';
import { storedDeviceToken } from '../api/device-token.ts';
import { supportMessages } from '../messages.ts';
import './support-button.css';

/** The chat itself is a chunk of its own, loaded when the button is first tapped. */
const SupportPanel = lazy(async () => ({ default: (await import('./support-panel.tsx')).SupportPanel }));

/** The tallest thing fixed or stuck at the foot of the screen now: the tab bar or a page's bottom action bar. */
function footHeight(): number {
  let height = 0;
  for (const element of document.querySelectorAll<HTMLElement>('.tab-bar, [data-bottom-bar]')) {
    const box = element.getBoundingClientRect();
    // Only what actually sits at the foot of the viewport (a short page's trade bar may be higher up).
    if (box.height > 0 && box.bottom >= window.innerHeight - 1) height = Math.max(height, box.height);
  }
  return height;
}

/**
 * Keeps the chat tab just above the tab bar or a bottom action bar, measured (their heights include the
 * safe area and wrap with long labels) whenever the page's elements or the window change.
 */
function useFootLift(): number {
  const [lift, setLift] = useState(0);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        setLift(footHeight());
      });
    };
    measure();
    const observer = new MutationObserver(measure);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
  return lift;
}

/**
 * The customer-service pop-up's button (spec §2), on every page: a badge counts agent answers not read
 * yet, and an answer that arrives while the chat is closed is announced: signed-in users hear it on the
 * push socket, visitors on the support socket (listening to their device's conversation). Its strings load after the first screen, and the button shows once they are there.
 */
export function SupportButton() {
  const { t } = useTranslation();
  const token = useToken();
  const [hasStrings, setHasStrings] = useState(false);
  const [isOpen, setOpen] = useState(false);
  const [unread, setUnread] = useState(0);
  const isOpenRef = useRef(false);
  isOpenRef.current = isOpen;
  const lift = useFootLift();

  useEffect(() => {
    let isLive = true;
    void loadFeatureMessages(supportMessages).then(() => isLive && setHasStrings(true));
    return () => {
      isLive = false;
    };
  }, []);

  // Read again each time the chat closes: a visitor who just wrote for the first time has a conversation to listen to now.
  useEffect(() => {
    let isLive = true;
    const readCount = () =>
      void import('../api/support-api.ts')
        .then((api) => api.fetchUnread(token !== null))
        .then((count) => isLive && !isOpenRef.current && setUnread(count))
        .catch(() => undefined);
    const answered = () => {
      if (isOpenRef.current) return;
      setUnread((count) => count + 1);
      void import('../../../lib/toast.ts').then(({ showToast }) => showToast(t('support.newReply')));
    };
    if (isOpen) return;
    readCount();
    let stop: () => void = () => undefined;
    if (token) stop = pushClient().onSupportEvent(answered);
    else {
      // A visitor has no push socket of their own: the button listens on the support socket, once the device has written.
      const device = storedDeviceToken();
      if (device) {
        void import('../api/answer-listener.ts').then(({ listenForAnswers }) => {
          if (isLive) stop = listenForAnswers({ deviceToken: device, onAnswer: answered, onReconnect: readCount });
        });
      }
    }
    return () => {
      isLive = false;
      stop();
    };
  }, [token, t, isOpen]);

  if (!hasStrings) return null;
  return (
    <>
      <button
        type="button"
        className="support-fab"
        // Measured bars already include the safe area at the foot.
        style={{ '--support-fab-lift': `${lift}px`, ...(lift > 0 ? { '--support-fab-safe-area': '0px' } : {}) } as CSSProperties}
        aria-label={unread > 0 ? `${t('support.open')} · ${t('support.unread', { count: unread })}` : t('support.open')}
        onClick={() => {
          setOpen(true);
          setUnread(0);
        }}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Z" />
        </svg>
        {unread > 0 && <span className="support-fab-badge">{unread > 99 ? '99+' : unread}</span>}
      </button>
      {isOpen && (
        <Suspense fallback={null}>
          <SupportPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
