import type { MessageLoaders } from '@bolsa/client-kit/i18n';
import type { AppVersion } from '@bolsa/contracts';
import { appInstallMessages } from '../messages.ts';
import { listenForInstallPrompt } from './install-prompt.ts';
import { isNewerVersion } from './version-check.ts';

/** A version the user chose to update later: asked again only for a newer one. */
const dismissedKey = 'bolsa_update_dismissed';

/**
 * What the shell already holds, handed over rather than imported: a static import of a module the first
 * screen shares would split it out of the entry chunk, and the first screen would grow (issue 14's budget).
 */
export type ShellKit = {
  runningVersion: string;
  publishedVersion: () => Promise<AppVersion>;
  loadFeatureMessages: (loaders: MessageLoaders) => Promise<void>;
  translate: (key: string, values?: Record<string, unknown>) => string;
};

/**
 * Registers the service worker (`public/sw.js`: the app shell cached for a fast second start, an offline
 * page) and asks the server which version is published; when it is newer than this build, the user is
 * told and may reload into it. Loaded after the first screen has rendered, so none of it weighs on it.
 */
export async function startAppUpdates(kit: ShellKit): Promise<void> {
  const { translate } = kit;
  listenForInstallPrompt();
  if ('serviceWorker' in navigator) {
    await navigator.serviceWorker.register('./sw.js').catch(() => undefined);
  }
  const published = await kit.publishedVersion().catch(() => undefined);
  if (!published || !isNewerVersion(published.version, kit.runningVersion)) return;
  if (localStorage.getItem(dismissedKey) === published.version) return;
  await kit.loadFeatureMessages(appInstallMessages);
  const { Dialog } = await import('antd-mobile');
  await import('../../../lib/antd-mobile-setup.ts');
  const isUpdating = await Dialog.confirm({
    title: translate('install.updateTitle'),
    content: translate('install.updateBody', { version: published.version }),
    confirmText: translate('install.update'),
    cancelText: translate('install.later'),
  });
  if (isUpdating) {
    await navigator.serviceWorker?.getRegistration().then((registration) => registration?.update());
    window.location.reload();
  } else localStorage.setItem(dismissedKey, published.version);
}
