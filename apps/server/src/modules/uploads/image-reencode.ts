import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

/** Larger images are refused before decoding, so a small file cannot unpack into gigabytes of pixels. */
export const IMAGE_PIXELS_MAX = 40_000_000;
const JPEG_QUALITY = 90;

/** What a file claims to be, judged by its first bytes, never by its name or the type the client claims. */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  const startsWith = (signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

/**
 * Decodes an image and encodes its pixels again, so that what is stored is an image and nothing else:
 * bytes appended after it, comments, metadata and anything hidden in ancillary chunks are dropped.
 * PNG and JPEG are fully decoded (pure JavaScript: pngjs, jpeg-js). WebP, for which no decoder without
 * native code is available, is rebuilt from its image chunks alone (VP8/VP8L, with VP8X and ALPH), with
 * every size checked against the file. Undefined when the bytes are not a whole, sane image.
 */
export function reencodeImage(bytes: Uint8Array): { bytes: Buffer; contentType: ImageType } | undefined {
  const contentType = sniffImageType(bytes);
  try {
    if (contentType === 'image/png') return wrap(reencodePng(Buffer.from(bytes)), contentType);
    if (contentType === 'image/jpeg') return wrap(reencodeJpeg(bytes), contentType);
    if (contentType === 'image/webp') return wrap(rebuildWebp(Buffer.from(bytes)), contentType);
  } catch {
    return undefined;
  }
  return undefined;
}

function wrap(bytes: Buffer | undefined, contentType: ImageType) {
  return bytes ? { bytes, contentType } : undefined;
}

function isSaneSize(width: number, height: number) {
  return width > 0 && height > 0 && width * height <= IMAGE_PIXELS_MAX;
}

function reencodePng(bytes: Buffer): Buffer | undefined {
  // IHDR is the first chunk: its width and height are read before anything is inflated.
  if (bytes.length < 33 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  if (!isSaneSize(bytes.readUInt32BE(16), bytes.readUInt32BE(20))) return undefined;
  const decoded = PNG.sync.read(pngUpToEnd(bytes));
  const clean = new PNG({ width: decoded.width, height: decoded.height });
  decoded.data.copy(clean.data);
  return PNG.sync.write(clean);
}

/** The PNG up to the end of its IEND chunk: what follows (a zip, a script) is not part of the image. */
function pngUpToEnd(bytes: Buffer): Buffer {
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const end = offset + 12 + bytes.readUInt32BE(offset);
    if (bytes.toString('latin1', offset + 4, offset + 8) === 'IEND') return bytes.subarray(0, end);
    offset = end;
  }
  return bytes;
}

function reencodeJpeg(bytes: Uint8Array): Buffer | undefined {
  const decoded = jpeg.decode(bytes, {
    useTArray: true,
    formatAsRGBA: true,
    maxResolutionInMP: IMAGE_PIXELS_MAX / 1_000_000,
    maxMemoryUsageInMB: 512,
  });
  if (!isSaneSize(decoded.width, decoded.height)) return undefined;
  return jpeg.encode({ data: decoded.data, width: decoded.width, height: decoded.height }, JPEG_QUALITY).data;
}

const WEBP_IMAGE_CHUNKS = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH']);

/** A RIFF/WEBP file rebuilt from its image chunks; undefined if any size disagrees with the file. */
function rebuildWebp(bytes: Buffer): Buffer | undefined {
  const riffSize = bytes.readUInt32LE(4);
  if (riffSize + 8 > bytes.length || riffSize < 4) return undefined;
  const kept: Buffer[] = [];
  let offset = 12;
  while (offset < riffSize + 8) {
    if (offset + 8 > riffSize + 8) return undefined;
    const fourcc = bytes.toString('latin1', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const end = offset + 8 + size + (size % 2);
    if (end > riffSize + 8) return undefined;
    if (WEBP_IMAGE_CHUNKS.has(fourcc)) {
      const chunk = Buffer.from(bytes.subarray(offset, end));
      // The extended header's flags name the chunks that follow; only alpha may remain (bit 4).
      if (fourcc === 'VP8X') chunk[8] = (chunk[8] ?? 0) & 0x10;
      kept.push(chunk);
    }
    offset = end;
  }
  const hasBitstream = kept.some((chunk) => chunk.toString('latin1', 0, 4) === 'VP8 ' || chunk.toString('latin1', 0, 4) === 'VP8L');
  if (!hasBitstream) return undefined;
  const body = Buffer.concat(kept);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length + 4, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body]);
}
