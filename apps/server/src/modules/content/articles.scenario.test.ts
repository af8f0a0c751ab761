import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorToken, registerUser, startTestApp, type TestApp, withOperator } from '../../test/test-app.ts';

type Page<T> = { list: T[]; total: number; pageNum: number; pageSize: number; hasMore: boolean };
type Summary = {
  id: string;
  kind: string;
  title: string;
  summary: string;
  language: string;
  tags: Array<{ dictValue: string; dictLabel: string }>;
};
type Detail = Summary & { body: string; publishTimestamp: number };
type OperatorArticle = {
  id: string;
  isPublished: boolean;
  publishTimestamp: number | null;
  tags: string[];
  translations: Record<string, unknown>;
};

/** An operator of another role, created as the console's operator management would, and signed in. */
async function operatorWithRole(testApp: TestApp, role: string): Promise<string> {
  const email = `${role}.${Date.now().toString(36)}@example.com`;
  await testApp.database.db.execute(
    sql`INSERT INTO operators (email, password_hash, role) VALUES (${email}, ${await hash('role-password-1')}, ${role})`,
  );
  const response = await testApp.call<{ token: string }>('/auth/login', {
    isOperatorApi: true,
    body: { email, password: 'role-password-1' },
  });
  return response.body.data.token;
}

describe('articles, notices and the tag dictionary', () => {
  let testApp: TestApp;
  let operator: string;
  const auditCount = async (action: string) =>
    Number(
      (await testApp.database.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM audit_log WHERE action = ${action}`)).rows[0]?.n,
    );
  const write = <T>(path: string, body?: unknown, token = operator) =>
    testApp.call<T>(path, { isOperatorApi: true, token, language: 'en', ...(body === undefined ? {} : { body }) });
  const list = (body: object, language = 'en') => testApp.call<Page<Summary>>('/article/pageList', { body, language });
  const detail = (id: string, language = 'en') => testApp.call<Detail>(`/article/${id}`, { method: 'GET', language });

  beforeAll(async () => {
    testApp = await startTestApp({ configOverrides: withOperator });
    operator = await operatorToken(testApp);
    for (const tag of [
      { code: 'markets', labels: { es: 'Mercados', en: 'Markets', ja: 'マーケット' }, sortOrder: 1 },
      { code: 'company', labels: { es: 'Empresa', en: 'Company' }, sortOrder: 2 },
      { code: 'local', labels: { es: 'Local' }, sortOrder: 3 },
    ]) {
      expect((await write('/article-tags', tag)).body.code).toBe(200);
    }
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('labels the tag dictionary in the reader’s language, falling back to English, then Spanish', async () => {
    const dictionary = async (language: string) =>
      (await testApp.call<Array<{ dictValue: string; dictLabel: string }>>('/dict/data?dictType=article_tag', { method: 'GET', language }))
        .body.data;
    expect(await dictionary('ja')).toEqual([
      { dictValue: 'markets', dictLabel: 'マーケット' },
      { dictValue: 'company', dictLabel: 'Company' },
      { dictValue: 'local', dictLabel: 'Local' },
    ]);
    expect((await dictionary('ar')).map((item) => item.dictLabel)).toEqual(['Mercados', 'Empresa', 'Local']);
    const unknownType = await testApp.call('/dict/data?dictType=country', { method: 'GET', language: 'en' });
    expect(unknownType.body.code).toBe(1001);
  });

  it('shows nothing until published, then the text in the reader’s language with English then Spanish as fallback', async () => {
    const created = await write<OperatorArticle>('/articles', {
      kind: 'news',
      tags: ['markets'],
      translations: {
        es: { title: 'Los mercados abren en alza', summary: 'Resumen en español', body: '# Apertura\n\nLos índices **suben**.' },
        en: { title: 'Markets open higher', body: '# Opening\n\nIndices **rise** across the board.' },
      },
    });
    expect(created.body.code).toBe(200);
    expect(created.body.data).toMatchObject({ isPublished: false, publishTimestamp: null, tags: ['markets'] });
    const id = created.body.data.id;

    expect((await list({ kind: 'news' })).body.data.list.map((article) => article.id)).not.toContain(id);
    const hidden = await detail(id, 'ar');
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ code: 7001, msg: 'Este artículo no existe' });

    const published = await write<OperatorArticle>(`/articles/${id}/publish`);
    expect(published.body.data.isPublished).toBe(true);
    expect(published.body.data.publishTimestamp).toBeGreaterThan(0);

    expect((await detail(id, 'ar')).body.data).toMatchObject({
      title: 'Los mercados abren en alza',
      summary: 'Resumen en español',
      language: 'es',
      tags: [{ dictValue: 'markets', dictLabel: 'Mercados' }],
    });
    const english = (await detail(id, 'en')).body.data;
    expect(english).toMatchObject({
      title: 'Markets open higher',
      language: 'en',
      body: '# Opening\n\nIndices **rise** across the board.',
    });
    // No summary written in English: the start of the body, without its Markdown marks.
    expect(english.summary).toBe('Opening Indices rise across the board.');
    // German was not written: English is the fallback.
    expect((await detail(id, 'de')).body.data).toMatchObject({ title: 'Markets open higher', language: 'en' });

    const spanishOnly = await write<OperatorArticle>('/articles', {
      kind: 'news',
      translations: { es: { title: 'Solo en español', body: 'Texto.' } },
    });
    await write(`/articles/${spanishOnly.body.data.id}/publish`);
    expect((await detail(spanishOnly.body.data.id, 'zh-TW')).body.data).toMatchObject({ title: 'Solo en español', language: 'es' });

    await write(`/articles/${id}/unpublish`);
    expect((await detail(id, 'en')).body.code).toBe(7001);
    expect((await list({ kind: 'news' })).body.data.list.map((article) => article.id)).not.toContain(id);
  });

  it('pages notices newest first, filters by tag, and keeps news and notices apart', async () => {
    const ids: string[] = [];
    for (const index of [1, 2, 3]) {
      const created = await write<OperatorArticle>('/articles', {
        kind: 'notice',
        tags: index === 2 ? ['company'] : [],
        translations: { en: { title: `Notice ${index}`, body: `Body ${index}` }, es: { title: `Aviso ${index}`, body: `Cuerpo ${index}` } },
      });
      ids.push(created.body.data.id);
      await write(`/articles/${created.body.data.id}/publish`);
    }
    const first = (await list({ kind: 'notice', pageNum: 1, pageSize: 2 }, 'ar')).body.data;
    expect(first).toMatchObject({ total: 3, pageNum: 1, pageSize: 2, hasMore: true });
    expect(first.list.map((article) => article.title)).toEqual(['Aviso 3', 'Aviso 2']);
    const second = (await list({ kind: 'notice', pageNum: 2, pageSize: 2 }, 'ar')).body.data;
    expect(second).toMatchObject({ total: 3, hasMore: false });
    expect(second.list.map((article) => article.title)).toEqual(['Aviso 1']);

    const tagged = (await list({ kind: 'notice', tag: 'company' })).body.data;
    expect(tagged.list.map((article) => article.id)).toEqual([ids[1]]);
    expect(tagged.list[0]?.tags).toEqual([{ dictValue: 'company', dictLabel: 'Company' }]);
    expect((await list({ kind: 'news' })).body.data.list.some((article) => article.kind !== 'news')).toBe(false);
  });

  it('refuses bad input with a translated message and changes nothing', async () => {
    const countArticles = async () => (await testApp.database.db.execute(sql`SELECT count(*)::int AS n FROM articles`)).rows[0];
    const before = await countArticles();
    const unknownTag = await list({ tag: 'sports' }, 'ar');
    expect(unknownTag.body).toMatchObject({ code: 7002, msg: 'Esta etiqueta no está en la lista de etiquetas de artículos' });
    expect((await list({ pageSize: 0 })).body.code).toBe(1001);
    expect((await list({ pageNum: true })).body.code).toBe(1001);
    expect((await list({ kind: 'blog' })).body.code).toBe(1001);
    expect((await detail('abc')).body.code).toBe(1001);
    expect((await detail('999999')).body).toMatchObject({ code: 7001, msg: 'This article does not exist' });

    expect((await write('/articles', { kind: 'news', translations: {} })).body.code).toBe(1001);
    expect((await write('/articles', { kind: 'news', translations: { fr: { title: 'Bonjour', body: 'x' } } })).body.code).toBe(1001);
    expect((await write('/articles', { kind: 'news', translations: { en: { title: '', body: 'x' } } })).body.code).toBe(1001);
    expect((await write('/articles', { kind: 'news', tags: ['nope'], translations: { en: { title: 'T', body: 'x' } } })).body.code).toBe(
      7002,
    );
    expect((await write('/articles/999999/publish')).body.code).toBe(7001);
    expect((await write('/article-tags', { code: 'markets', labels: { en: 'Again' } })).body.code).toBe(7003);
    expect((await write('/article-tags', { code: 'Bad Code', labels: { en: 'x' } })).body.code).toBe(1001);
    expect((await write('/article-tags', { code: 'nolabel', labels: { de: 'Nur Deutsch' } })).body.code).toBe(1001);
    expect(await countArticles()).toEqual(before);
  });

  it('lets only operators with content.edit write, each write with exactly one audit row', async () => {
    const editor = await operatorWithRole(testApp, 'content_editor');
    const reviewer = await operatorWithRole(testApp, 'reviewer');
    const user = await registerUser(testApp);
    const body = { kind: 'news', tags: ['company'], translations: { en: { title: 'By the editor', body: 'Text' } } };

    const creates = await auditCount('article.create');
    const forbidden = await write('/articles', body, reviewer);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe(6002);
    expect((await write('/article-tags', { code: 'x', labels: { en: 'X' } }, reviewer)).body.code).toBe(6002);
    expect((await testApp.call('/articles', { isOperatorApi: true, token: user.token, body })).status).toBe(401);
    expect((await testApp.call('/articles', { isOperatorApi: true, body })).status).toBe(401);
    expect(await auditCount('article.create')).toBe(creates);

    const created = await write<OperatorArticle>('/articles', body, editor);
    expect(created.body.code).toBe(200);
    const id = created.body.data.id;
    expect(await auditCount('article.create')).toBe(creates + 1);

    const updated = await write<OperatorArticle>(
      `/articles/${id}`,
      { ...body, translations: { en: { title: 'Edited', body: 'Text' }, es: { title: 'Editado', body: 'Texto' } } },
      editor,
    );
    expect(Object.keys(updated.body.data.translations).sort()).toEqual(['en', 'es']);
    await write(`/articles/${id}/publish`, undefined, editor);
    await write('/article-tags/company', { labels: { en: 'Corporate', es: 'Corporativo' }, sortOrder: 2 }, editor);
    const audit = await testApp.database.db.execute<{ action: string; target_id: string; before: unknown; after: { title?: string } }>(
      sql`SELECT action, target_id, before, after FROM audit_log WHERE action IN ('article.update', 'article.publish', 'article-tag.update') ORDER BY id DESC LIMIT 3`,
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['article-tag.update', 'article.publish', 'article.update']);
    expect(audit.rows[2]).toMatchObject({ target_id: id, before: { translations: { en: { title: 'By the editor' } } } });
    expect(audit.rows[0]).toMatchObject({ before: { labels: { en: 'Company' } }, after: { labels: { en: 'Corporate' } } });

    // A refused write leaves no audit row either.
    const updates = await auditCount('article.update');
    expect((await write(`/articles/${id}`, { ...body, tags: ['nope'] }, editor)).body.code).toBe(7002);
    expect(await auditCount('article.update')).toBe(updates);

    const listed = await testApp.call<Page<OperatorArticle>>('/articles?kind=news&pageSize=5', {
      isOperatorApi: true,
      token: editor,
      method: 'GET',
    });
    expect(listed.body.data.list[0]).toMatchObject({ id, isPublished: true });
    expect((await testApp.call(`/articles/${id}`, { isOperatorApi: true, token: reviewer, method: 'GET' })).body.code).toBe(6002);
  });
});
