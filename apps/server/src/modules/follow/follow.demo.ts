import type { Locale } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.ts';
import { inTransaction } from '../../platform/db/index.ts';
import type { CandleRow } from '../market/index.ts';
import { navOf, quantitiesFor } from './follow.nav.ts';
import { followHoldings, followInstitutions, followNavDaily, followRebalances } from './follow.tables.ts';

const DAY_MS = 86_400_000;
const WEEK = 7 * 1440;

/**
 * Two fictional model portfolios of the simulated market; their record is what its daily closes made of
 * them. Described in every locale, as the demo's article is; the app shows the reader's language.
 */
export const demoInstitutions: Array<{
  name: string;
  descriptions: Record<Locale, string>;
  managementFeeRate: string;
  performanceFeeRate: string;
  periodsMinutes: number[];
  weights: Array<{ code: string; weight: string }>;
  daysOfRecord: number;
}> = [
  {
    name: 'Andes US Technology Model',
    descriptions: {
      es: 'Acciones tecnológicas de EE. UU., con pesos casi iguales y un 5 % en efectivo. Una cartera modelo del mercado simulado: su historial no indica lo que vendrá.',
      en: 'US technology stocks, equal-ish weights, 5 % cash. A model portfolio of the simulated market: its past record is no indication of what comes next.',
      de: 'US-Technologieaktien, annähernd gleich gewichtet, 5 % Barmittel. Ein Modellportfolio des simulierten Marktes: Seine bisherige Entwicklung sagt nichts über die Zukunft aus.',
      hi: 'अमेरिकी टेक्नोलॉजी शेयर, लगभग बराबर भार, 5 % नकद। सिम्युलेटेड बाज़ार का एक मॉडल पोर्टफ़ोलियो: इसका पिछला रिकॉर्ड आगे क्या होगा, इसका कोई संकेत नहीं है।',
      ja: '米国のテクノロジー株をほぼ均等に組み入れ、5 % を現金で保有。シミュレーション市場のモデルポートフォリオです。過去の実績は今後を示すものではありません。',
      th: 'หุ้นเทคโนโลยีสหรัฐฯ น้ำหนักใกล้เคียงกัน และเงินสด 5 % พอร์ตโฟลิโอต้นแบบของตลาดจำลอง ผลงานในอดีตไม่ได้บ่งบอกถึงสิ่งที่จะเกิดขึ้นต่อไป',
      'zh-CN': '美国科技股，权重大致相等，5 % 为现金。模拟市场中的模型组合：过往表现不代表未来走势。',
      'zh-TW': '美國科技股，權重大致相等，5 % 為現金。模擬市場中的模型組合：過往表現不代表未來走勢。',
    },
    managementFeeRate: '0.015',
    performanceFeeRate: '0.1',
    periodsMinutes: [WEEK, 30 * 1440, 90 * 1440],
    weights: [
      { code: 'AAPL', weight: '0.3' },
      { code: 'MSFT', weight: '0.3' },
      { code: 'NVDA', weight: '0.2' },
      { code: 'AMZN', weight: '0.15' },
    ],
    daysOfRecord: 150,
  },
  {
    name: 'Pampa Balanced Model',
    descriptions: {
      es: 'La mitad en tres grandes acciones de EE. UU. y la otra mitad en efectivo. Una cartera modelo del mercado simulado: su historial no indica lo que vendrá.',
      en: 'Half in three large US stocks, half in cash. A model portfolio of the simulated market: its past record is no indication of what comes next.',
      de: 'Zur Hälfte in drei großen US-Aktien, zur Hälfte in Barmitteln. Ein Modellportfolio des simulierten Marktes: Seine bisherige Entwicklung sagt nichts über die Zukunft aus.',
      hi: 'आधा तीन बड़े अमेरिकी शेयरों में, आधा नकद में। सिम्युलेटेड बाज़ार का एक मॉडल पोर्टफ़ोलियो: इसका पिछला रिकॉर्ड आगे क्या होगा, इसका कोई संकेत नहीं है।',
      ja: '半分を米国の大型株3銘柄に、半分を現金で保有。シミュレーション市場のモデルポートフォリオです。過去の実績は今後を示すものではありません。',
      th: 'ครึ่งหนึ่งลงทุนในหุ้นขนาดใหญ่ของสหรัฐฯ สามตัว อีกครึ่งเป็นเงินสด พอร์ตโฟลิโอต้นแบบของตลาดจำลอง ผลงานในอดีตไม่ได้บ่งบอกถึงสิ่งที่จะเกิดขึ้นต่อไป',
      'zh-CN': '一半投资于三只美国大型股票，一半为现金。模拟市场中的模型组合：过往表现不代表未来走势。',
      'zh-TW': '一半投資於三檔美國大型股票，一半為現金。模擬市場中的模型組合：過往表現不代表未來走勢。',
    },
    managementFeeRate: '0.01',
    performanceFeeRate: '0.05',
    periodsMinutes: [WEEK, 30 * 1440],
    weights: [
      { code: 'AAPL', weight: '0.2' },
      { code: 'MSFT', weight: '0.2' },
      { code: 'TSLA', weight: '0.1' },
    ],
    daysOfRecord: 60,
  },
];

type History = (code: string, interval: '1d', fromMs: number, toMs: number) => Promise<CandleRow[]>;

/** Daily closes of every code, on the days all of them closed (their common trading days), oldest first. */
async function commonCloses(history: History, codes: string[], fromMs: number, toMs: number) {
  const perCode = await Promise.all(codes.map((code) => history(code, '1d', fromMs, toMs)));
  const byDay = new Map<string, Map<string, string>>();
  perCode.forEach((rows, index) => {
    for (const row of rows) {
      const day = new Date(row.time).toISOString().slice(0, 10);
      const prices = byDay.get(day) ?? new Map<string, string>();
      prices.set(codes[index] as string, row.close);
      byDay.set(day, prices);
    }
  });
  return [...byDay.entries()].filter(([, prices]) => prices.size === codes.length).sort(([a], [b]) => a.localeCompare(b));
}

/**
 * The demo's institutions, seeded once by name: each starts at NAV 1 on the first common trading day of its
 * record at that day's closes, and every later day's NAV is what the stored daily candles make of those
 * quantities. From then on the minute job values them on the live feed like any other.
 */
export async function seedDemoInstitutions(db: Database, history: History, now: () => Date) {
  for (const demo of demoInstitutions) {
    const [existing] = await db
      .select({ id: followInstitutions.id, description: followInstitutions.description })
      .from(followInstitutions)
      .where(eq(followInstitutions.name, demo.name));
    if (existing) {
      // Seeded before it was described in every locale (and not rewritten by an operator since): add the others.
      if (existing.description === demo.descriptions.en)
        await db
          .update(followInstitutions)
          .set({ descriptionTranslations: demo.descriptions })
          .where(eq(followInstitutions.id, existing.id));
      continue;
    }
    const at = now();
    const codes = demo.weights.map((entry) => entry.code);
    const days = await commonCloses(history, codes, at.getTime() - demo.daysOfRecord * DAY_MS, at.getTime());
    const first = days[0];
    if (!first) continue;
    const { holdings, cashPerUnit } = quantitiesFor(1, demo.weights, first[1]);
    const navs = days.map(([day, prices]) => ({
      day,
      nav: (navOf(holdings, cashPerUnit, (code) => prices.get(code)) as Decimal).toString(),
    }));
    const inceptionAt = new Date(`${first[0]}T21:00:00Z`);
    const latest = navs.at(-1)?.nav ?? '1';
    await inTransaction(db, async (tx) => {
      const [row] = await tx
        .insert(followInstitutions)
        .values({
          name: demo.name,
          // Its own description in English (what the console edits); every locale's for the app.
          description: demo.descriptions.en,
          descriptionTranslations: demo.descriptions,
          managementFeeRate: demo.managementFeeRate,
          performanceFeeRate: demo.performanceFeeRate,
          periodsMinutes: demo.periodsMinutes,
          cashPerUnit: cashPerUnit.toString(),
          nav: latest,
          navAt: at,
          inceptionAt,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) return;
      await tx.insert(followHoldings).values(
        holdings.map((holding) => ({
          institutionId: row.id,
          code: holding.code,
          weight: new Decimal(holding.weight).toString(),
          quantityPerUnit: holding.quantityPerUnit.toString(),
        })),
      );
      await tx.insert(followRebalances).values({ institutionId: row.id, weights: demo.weights, nav: '1', note: '', at: inceptionAt });
      await tx.insert(followNavDaily).values(navs.map((point) => ({ institutionId: row.id, ...point })));
    });
  }
}
