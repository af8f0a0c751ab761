import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startTestApp, type TestApp, tinyPng, upload } from '../../test/test-app.ts';

/** A PNG of `size`×`size` pixels: noise (which barely compresses) or one colour. */
function pngOf(size: number, isNoise: boolean): Buffer {
  const png = new PNG({ width: size, height: size });
  if (isNoise) randomBytes(png.data.length).copy(png.data);
  else png.data.fill(200);
  return PNG.sync.write(png);
}

async function fetchUpload(testApp: TestApp, token: string, url: string) {
  const response = await testApp.app.inject({ method: 'GET', url, headers: { authorization: token } });
  return { status: response.statusCode, bytes: response.rawPayload, contentType: response.headers['content-type'] };
}

describe('uploads: what is kept is an image and nothing else', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('stores a re-encoded PNG: bytes appended after the image are gone, the pixels are the same', async () => {
    const { token } = await registerUser(testApp);
    const original = pngOf(4, false);
    const payload = Buffer.from('PK\u0003\u0004<script>alert(document.cookie)</script>');
    const stored = await upload(testApp, token, Buffer.concat([original, payload]));
    expect(stored.body.code).toBe(200);
    const file = await fetchUpload(testApp, token, stored.body.data?.url ?? '');
    expect(file.contentType).toBe('image/png');
    expect(file.bytes.includes('<script>')).toBe(false);
    expect(file.bytes.includes('PK\u0003\u0004')).toBe(false);
    const decoded = PNG.sync.read(file.bytes);
    expect([decoded.width, decoded.height]).toEqual([4, 4]);
    expect(decoded.data.equals(PNG.sync.read(original).data)).toBe(true);
  });

  it('stores a re-encoded JPEG: a comment segment and trailing bytes are gone', async () => {
    const { token } = await registerUser(testApp);
    const encoded = jpeg.encode({ data: Buffer.alloc(8 * 8 * 4, 128), width: 8, height: 8 }, 90).data;
    const comment = Buffer.from('<?php system($_GET["c"]); ?>');
    const segment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment]);
    const polyglot = Buffer.concat([encoded.subarray(0, 2), segment, encoded.subarray(2), Buffer.from('<html>tail</html>')]);
    const stored = await upload(testApp, token, polyglot, 'photo.jpg', 'image/jpeg');
    expect(stored.body.code).toBe(200);
    const file = await fetchUpload(testApp, token, stored.body.data?.url ?? '');
    expect(file.contentType).toBe('image/jpeg');
    expect(file.bytes.includes('<?php')).toBe(false);
    expect(file.bytes.includes('<html>')).toBe(false);
    const decoded = jpeg.decode(file.bytes);
    expect([decoded.width, decoded.height]).toEqual([8, 8]);
  });

  it('stores a WebP rebuilt from its image chunks: metadata chunks and trailing bytes are gone', async () => {
    const { token } = await registerUser(testApp);
    const lossless = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
    const exifBody = Buffer.from('<script>x</script>');
    const exif = Buffer.concat([Buffer.from('EXIF'), Buffer.from([exifBody.length, 0, 0, 0]), exifBody]);
    const riffBody = Buffer.concat([lossless.subarray(8), exif]);
    const header = Buffer.from('RIFF\0\0\0\0', 'latin1');
    header.writeUInt32LE(riffBody.length, 4);
    const stored = await upload(testApp, token, Buffer.concat([header, riffBody, Buffer.from('<html>')]), 'a.webp', 'image/webp');
    expect(stored.body.code).toBe(200);
    const file = await fetchUpload(testApp, token, stored.body.data?.url ?? '');
    expect(file.contentType).toBe('image/webp');
    expect(file.bytes.equals(lossless)).toBe(true);
  });

  it('refuses a file that only starts like an image', async () => {
    const { token } = await registerUser(testApp);
    const fakePng = Buffer.concat([tinyPng.subarray(0, 8), Buffer.from('<svg onload="alert(1)"></svg>')]);
    const fakeJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not really a jpeg at all')]);
    expect((await upload(testApp, token, fakePng)).body).toMatchObject({
      code: 4008,
      msg: 'Only PNG, JPEG or WebP images can be uploaded',
    });
    expect((await upload(testApp, token, fakeJpeg, 'a.jpg', 'image/jpeg')).body.code).toBe(4008);
  });
});

describe('uploads: a quota per user, per day and in total', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({
      configOverrides: { UPLOAD_DAILY_MAX_FILES: '3', UPLOAD_DAILY_MAX_MB: '2', UPLOAD_TOTAL_MAX_FILES: '5', UPLOAD_TOTAL_MAX_MB: '100' },
    });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('refuses the file past the daily count, in the user’s language, and counts each user apart', async () => {
    const { token } = await registerUser(testApp);
    for (let index = 0; index < 3; index += 1) expect((await upload(testApp, token, tinyPng)).body.code).toBe(200);
    const refused = await upload(testApp, token, tinyPng);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 4041,
      msg: 'You have reached the upload limit for today (3 files, 2 MB); please try again tomorrow',
    });
    const other = await registerUser(testApp);
    expect((await upload(testApp, other.token, tinyPng)).body.code).toBe(200);
  });

  it('refuses the bytes past the daily size', async () => {
    const { token } = await registerUser(testApp);
    const noise = pngOf(620, true);
    expect(noise.length).toBeGreaterThan(1024 * 1024);
    expect((await upload(testApp, token, noise)).body.code).toBe(200);
    expect((await upload(testApp, token, noise)).body.code).toBe(4041);
  });

  it('refuses past the total, whatever the day', async () => {
    const { token, user } = await registerUser(testApp);
    for (let index = 0; index < 3; index += 1) expect((await upload(testApp, token, tinyPng)).body.code).toBe(200);
    await testApp.database.db.execute(sql`UPDATE uploads SET created_at = now() - interval '2 days' WHERE user_id = ${Number(user.id)}`);
    for (let index = 0; index < 2; index += 1) expect((await upload(testApp, token, tinyPng)).body.code).toBe(200);
    const refused = await upload(testApp, token, tinyPng);
    expect(refused.body).toMatchObject({ code: 4042, msg: 'You have reached the limit of stored uploads (5 files, 100 MB)' });
  });

  it('lets only the allowed number through when many arrive at once', async () => {
    const { token, user } = await registerUser(testApp);
    const answers = await Promise.all(Array.from({ length: 10 }, () => upload(testApp, token, tinyPng)));
    expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(3);
    const count = await testApp.database.db.execute(sql`SELECT count(*)::int AS n FROM uploads WHERE user_id = ${Number(user.id)}`);
    expect(count.rows[0]?.n).toBe(3);
  });
});
