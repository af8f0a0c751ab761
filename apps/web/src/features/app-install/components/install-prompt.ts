/**
 * The browser's offer to install the app (`beforeinstallprompt`, Chromium only), kept from the moment it
 * fires, which can be long before the user opens the install page. iOS never offers it: the page's steps say how.
 */
type InstallPromptEvent = Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> };

let offered: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

export function listenForInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offered = event as InstallPromptEvent;
    changed();
  });
  target.addEventListener('appinstalled', () => {
    offered = null;
    changed();
  });
}

export const installOffer = {
  isAvailable: () => offered !== null,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Shows the browser's own install dialog; true when the user accepted. */
  async prompt(): Promise<boolean> {
    const event = offered;
    if (!event) return false;
    await event.prompt();
    const { outcome } = await event.userChoice;
    offered = null;
    changed();
    return outcome === 'accepted';
  },
};

/** Running as an installed app (full screen from the home screen), on Android or iOS. */
export function isInstalled(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}
