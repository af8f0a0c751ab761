import { readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { flattenMessages } from '@bolsa/client-kit/locale-keys';
import { describe, expect, it } from 'vitest';

// jsdom replaces the global URL, so paths are built with node:path from this file's own path.
const appFolder = dirname(fileURLToPath(import.meta.url));
const catalogues = {
  app: resolve(appFolder, 'es.json'),
  console: resolve(appFolder, '../../../admin/src/locales/es.json'),
  'server messages': resolve(appFolder, '../../../../packages/contracts/src/locales/es.json'),
  'server-only messages': resolve(appFolder, '../../../../packages/contracts/src/locales/server/es.json'),
  // Every feature that keeps its strings apart (`features/<name>/locales`, loaded with its pages).
  ...Object.fromEntries(
    readdirSync(resolve(appFolder, '../features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && readdirSync(resolve(appFolder, '../features', entry.name)).includes('locales'))
      .map((entry) => [`${entry.name} pages`, resolve(appFolder, '../features', entry.name, 'locales/es.json')]),
  ),
};

/**
 * Spanish speaks in one register, the formal "usted" (Ingrese, Elija, Inicie), in the app, the console and
 * the server's messages (issue 15 §9): no voseo imperatives or present forms, no "tu/tus/te".
 */
const informal =
  /\b(tu|tus|te|vos|tenés|podés|querés|necesitás|aceptás|mantenés|recibís|iniciá|ingresá|elegí|revisá|tocá|subí|enviá|escribí|deslizá|soltá|arrastrá|usá|hacé|confirmá|probá|volvé|agregá|completá|seleccioná|verificá|cargá|intentá|esperá|guardá|abrí|pedí|consultá|creá|cambiá|activá|protegé|escaneá|ejecutá|quitá|poné)\b/i;

describe('Spanish in one register', () => {
  for (const [name, path] of Object.entries(catalogues)) {
    it(`the ${name} use "usted" throughout`, () => {
      const messages = flattenMessages(JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>);
      const offending = Object.entries(messages).filter(([, text]) => informal.test(String(text)));
      expect(offending).toEqual([]);
    });
  }
});
