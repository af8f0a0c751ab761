import { pagePath } from '../../../lib/pages.ts';

/** The link a friend opens: this app's registration page with the code filled in (hash routing, relative base). */
export function referralLinkOf(code: string, location: Pick<Location, 'origin' | 'pathname'> = window.location): string {
  return `${location.origin}${location.pathname}#${pagePath('register', { invite: code })}`;
}

/**
 * Saves an image (a data URL) as a file through a download link; false when the browser refused. The
 * data URL is linked as it is: fetching it would break the policy that lets the app fetch only its server.
 */
export function saveImage(dataUrl: string, fileName: string): boolean {
  try {
    const anchor = document.createElement('a');
    anchor.href = dataUrl;
    anchor.download = fileName;
    document.body.appendChild(anchor);
    anchor.click();
    anchor.remove();
    return true;
  } catch {
    return false;
  }
}
