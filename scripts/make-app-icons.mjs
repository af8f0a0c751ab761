// Draws the app's icons (web app manifest, favicon, Apple touch icon) into apps/web/public/icons, once:
// the PNGs are committed, so a build downloads nothing. Run again after changing the drawing:
//   node scripts/make-app-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'public');
const blue = [11, 87, 208];
const white = [255, 255, 255];

/** The brand's blue square (full bleed, so it also serves as a maskable icon) with three rising bars. */
function draw(size) {
  const png = new PNG({ width: size, height: size });
  // Bars stay inside the central 60 %, within the maskable safe zone.
  const bars = [
    { left: 0.24, right: 0.36, top: 0.56 },
    { left: 0.44, right: 0.56, top: 0.42 },
    { left: 0.64, right: 0.76, top: 0.26 },
  ];
  const bottom = 0.76;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const u = (x + 0.5) / size;
      const v = (y + 0.5) / size;
      const isBar = bars.some((bar) => u >= bar.left && u < bar.right && v >= bar.top && v < bottom);
      const [r, g, b] = isBar ? white : blue;
      const offset = (y * size + x) * 4;
      png.data[offset] = r;
      png.data[offset + 1] = g;
      png.data[offset + 2] = b;
      png.data[offset + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** A .ico holding one PNG image (supported by every current browser). */
function icoOf(pngBytes, size) {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt8(0, 8);
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(pngBytes.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, pngBytes]);
}

mkdirSync(join(root, 'icons'), { recursive: true });
for (const size of [192, 512]) writeFileSync(join(root, 'icons', `icon-${size}.png`), draw(size));
writeFileSync(join(root, 'icons', 'apple-touch-icon.png'), draw(180));
writeFileSync(join(root, 'icons', 'favicon-32.png'), draw(32));
writeFileSync(join(root, 'favicon.ico'), icoOf(draw(32), 32));
