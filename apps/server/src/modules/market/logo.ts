import type { Instrument } from './instruments.ts';
import { hashText } from './random.ts';

/** Background colours dark enough for white text at WCAG AA contrast. */
const colours = ['#0b57d0', '#0a7d3e', '#8a3ffc', '#b3261e', '#7a4f01', '#006a6a', '#5c4ac7', '#9c27b0', '#37474f', '#ad1457'];

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The monogram the app shows for an instrument: drawn here, so no logo comes from an external URL. */
export function logoSvg(instrument: Instrument): string {
  const letters = instrument.code.replace(/[^A-Z0-9]/gi, '').slice(0, instrument.source === '2' ? 3 : 4);
  const colour = colours[hashText(instrument.code) % colours.length];
  const size = letters.length > 3 ? 13 : letters.length > 2 ? 15 : 18;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${escapeXml(instrument.name)}"><circle cx="32" cy="32" r="32" fill="${colour}"/><text x="32" y="32" dy="0.35em" text-anchor="middle" font-family="system-ui,sans-serif" font-weight="700" font-size="${size}" fill="#ffffff">${escapeXml(letters)}</text></svg>`;
}
