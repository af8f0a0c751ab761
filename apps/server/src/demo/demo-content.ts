import type { ArticleTag, Locale, OperatorArticleInput } from '@bolsa/contracts';

type Text = { title: string; summary: string; body: string };

/**
 * The demo's published article and notice (issue 15 §8), written in every locale. They say the market is
 * simulated and promise nothing: no return, no profit. The seed finds them again by their Spanish title.
 */
const guide: Record<Locale, Text> = {
  es: {
    title: 'Cómo funciona el mercado simulado',
    summary: 'Los precios de esta demostración son simulados: sirven para practicar, no para invertir.',
    body: '## Un mercado simulado\n\nLos precios de acciones, futuros y divisas de esta demostración los genera un simulador a partir de datos históricos. No son cotizaciones reales y nada de lo que ocurra aquí anticipa lo que pasará en un mercado real.\n\n- Las comisiones se muestran antes de cada orden y se descuentan al ejecutarla.\n- Una posición apalancada puede perder más rápido de lo que gana.\n- Ninguna operación tiene un resultado garantizado.',
  },
  en: {
    title: 'How the simulated market works',
    summary: 'The prices in this demo are simulated: they are for practice, not for investing.',
    body: '## A simulated market\n\nThe stock, futures and currency prices in this demo come from a simulator seeded with historical data. They are not real quotes, and nothing that happens here predicts what a real market will do.\n\n- Fees are shown before every order and deducted when it fills.\n- A leveraged position can lose faster than it gains.\n- No trade has a guaranteed result.',
  },
  de: {
    title: 'So funktioniert der simulierte Markt',
    summary: 'Die Kurse in dieser Demo sind simuliert: Sie dienen zum Üben, nicht zum Anlegen.',
    body: '## Ein simulierter Markt\n\nDie Kurse von Aktien, Futures und Devisen in dieser Demo erzeugt ein Simulator auf Basis historischer Daten. Es sind keine echten Kurse, und nichts, was hier geschieht, sagt voraus, was ein echter Markt tun wird.\n\n- Gebühren werden vor jeder Order angezeigt und bei der Ausführung abgezogen.\n- Eine gehebelte Position kann schneller verlieren als gewinnen.\n- Kein Handel hat ein garantiertes Ergebnis.',
  },
  hi: {
    title: 'सिम्युलेटेड बाज़ार कैसे काम करता है',
    summary: 'इस डेमो की कीमतें सिम्युलेटेड हैं: ये अभ्यास के लिए हैं, निवेश के लिए नहीं।',
    body: '## एक सिम्युलेटेड बाज़ार\n\nइस डेमो में शेयर, फ़्यूचर्स और मुद्रा की कीमतें ऐतिहासिक आँकड़ों पर आधारित एक सिम्युलेटर बनाता है। ये वास्तविक भाव नहीं हैं, और यहाँ जो कुछ होता है वह किसी वास्तविक बाज़ार के बारे में कुछ नहीं बताता।\n\n- हर ऑर्डर से पहले शुल्क दिखाया जाता है और पूरा होने पर काटा जाता है।\n- लीवरेज वाली पोज़िशन जितनी तेज़ी से बढ़ सकती है, उससे तेज़ी से घट भी सकती है।\n- किसी भी ट्रेड का परिणाम निश्चित नहीं है।',
  },
  ja: {
    title: 'シミュレーション市場の仕組み',
    summary: 'このデモの価格はシミュレーションです。練習用であり、投資用ではありません。',
    body: '## シミュレーション市場\n\nこのデモの株式・先物・為替の価格は、過去のデータをもとにシミュレーターが生成しています。実際の相場ではなく、ここで起きることは実際の市場の動きを予測するものではありません。\n\n- 手数料は注文前に表示され、約定時に差し引かれます。\n- レバレッジをかけたポジションは、利益より速く損失が膨らむことがあります。\n- 結果が保証された取引はありません。',
  },
  th: {
    title: 'ตลาดจำลองทำงานอย่างไร',
    summary: 'ราคาในเดโมนี้เป็นการจำลอง ใช้สำหรับฝึกฝน ไม่ใช่สำหรับการลงทุน',
    body: '## ตลาดจำลอง\n\nราคาหุ้น ฟิวเจอร์ส และสกุลเงินในเดโมนี้สร้างโดยตัวจำลองจากข้อมูลในอดีต ไม่ใช่ราคาจริง และสิ่งที่เกิดขึ้นที่นี่ไม่ได้บอกว่าตลาดจริงจะเป็นอย่างไร\n\n- ค่าธรรมเนียมจะแสดงก่อนทุกคำสั่งและหักเมื่อคำสั่งสำเร็จ\n- สถานะที่ใช้เลเวอเรจอาจขาดทุนเร็วกว่าที่ได้กำไร\n- ไม่มีการซื้อขายใดที่รับประกันผลลัพธ์',
  },
  'zh-CN': {
    title: '模拟市场如何运作',
    summary: '本演示中的价格均为模拟：用于练习，而非投资。',
    body: '## 模拟市场\n\n本演示中的股票、期货和外汇价格由模拟器根据历史数据生成。它们不是真实报价，这里发生的任何事情都不能预示真实市场的走势。\n\n- 每笔订单前都会显示手续费，并在成交时扣除。\n- 杠杆仓位的亏损可能比盈利来得更快。\n- 任何交易都没有保证的结果。',
  },
  'zh-TW': {
    title: '模擬市場如何運作',
    summary: '本示範中的價格均為模擬：用於練習，而非投資。',
    body: '## 模擬市場\n\n本示範中的股票、期貨與外匯價格由模擬器依歷史資料產生。它們不是真實報價，這裡發生的任何事情都無法預示真實市場的走勢。\n\n- 每筆委託前都會顯示手續費，並於成交時扣除。\n- 槓桿部位的虧損可能比獲利來得更快。\n- 任何交易都沒有保證的結果。',
  },
};

const notice: Record<Locale, Text> = {
  es: {
    title: 'Cuenta de demostración: nada aquí es dinero real',
    summary: 'Los saldos, las órdenes y los precios de esta cuenta son simulados.',
    body: 'Esta es una instalación de demostración. Los depósitos, retiros y operaciones no mueven dinero real, y las cuentas bancarias que se muestran son ficticias: no envíe dinero a ellas. Los precios los genera un simulador y no prometen ningún resultado.',
  },
  en: {
    title: 'Demo account: nothing here is real money',
    summary: 'The balances, orders and prices of this account are simulated.',
    body: 'This is a demo installation. Deposits, withdrawals and trades move no real money, and the bank accounts shown are made up: do not send money to them. Prices come from a simulator and promise no result.',
  },
  de: {
    title: 'Demokonto: Hier ist nichts echtes Geld',
    summary: 'Salden, Orders und Kurse dieses Kontos sind simuliert.',
    body: 'Dies ist eine Demo-Installation. Einzahlungen, Auszahlungen und Trades bewegen kein echtes Geld, und die angezeigten Bankkonten sind erfunden: Senden Sie kein Geld dorthin. Die Kurse stammen aus einem Simulator und versprechen kein Ergebnis.',
  },
  hi: {
    title: 'डेमो खाता: यहाँ कुछ भी असली पैसा नहीं है',
    summary: 'इस खाते के बैलेंस, ऑर्डर और कीमतें सिम्युलेटेड हैं।',
    body: 'यह एक डेमो इंस्टॉलेशन है। जमा, निकासी और ट्रेड से कोई असली पैसा नहीं हिलता, और दिखाए गए बैंक खाते काल्पनिक हैं: उनमें पैसा न भेजें। कीमतें एक सिम्युलेटर से आती हैं और किसी परिणाम का वादा नहीं करतीं।',
  },
  ja: {
    title: 'デモ口座：ここに実際のお金はありません',
    summary: 'この口座の残高・注文・価格はシミュレーションです。',
    body: 'これはデモ環境です。入金・出金・取引で実際のお金は動かず、表示される銀行口座は架空のものです。送金しないでください。価格はシミュレーターによるもので、いかなる結果も約束しません。',
  },
  th: {
    title: 'บัญชีทดลอง: ไม่มีเงินจริงในที่นี้',
    summary: 'ยอดเงิน คำสั่ง และราคาในบัญชีนี้เป็นการจำลอง',
    body: 'นี่คือระบบทดลอง การฝาก ถอน และซื้อขายไม่ได้เคลื่อนย้ายเงินจริง และบัญชีธนาคารที่แสดงเป็นบัญชีสมมติ: อย่าโอนเงินไปยังบัญชีเหล่านั้น ราคามาจากตัวจำลองและไม่ได้สัญญาผลลัพธ์ใด ๆ',
  },
  'zh-CN': {
    title: '演示账户：这里没有真实资金',
    summary: '本账户的余额、订单和价格均为模拟。',
    body: '这是演示环境。充值、提现和交易都不会转移真实资金，显示的银行账户是虚构的：请勿向其汇款。价格来自模拟器，不承诺任何结果。',
  },
  'zh-TW': {
    title: '示範帳戶：這裡沒有真實資金',
    summary: '本帳戶的餘額、委託與價格均為模擬。',
    body: '這是示範環境。入金、出金與交易都不會移動真實資金，顯示的銀行帳戶是虛構的：請勿匯款至這些帳戶。價格來自模擬器，不承諾任何結果。',
  },
};

/** A news piece tagged with AAPL's code, so its quote page shows news tagged with the instrument (issue 17 §2). */
const appleInTheDemo: Record<Locale, Text> = {
  es: {
    title: 'AAPL en el mercado simulado',
    summary: 'De dónde sale el precio de Apple que ve en esta demostración.',
    body: 'El precio de AAPL que ve aquí es simulado: lo genera un simulador con la volatilidad fijada para la acción en los datos de referencia, no son cotizaciones reales de NASDAQ.\n\n- Las velas, la profundidad y el rango de 52 semanas salen de esa misma simulación.\n- Nada de lo que ocurra aquí indica lo que hará la acción real ni promete ningún rendimiento.\n\nLas noticias etiquetadas con el código de un instrumento aparecen también en la página de su cotización.',
  },
  en: {
    title: 'AAPL in the simulated market',
    summary: 'Where the Apple price you see in this demo comes from.',
    body: "The AAPL price you see here is simulated: a simulator makes it with the volatility the reference data sets for the stock; these are not real NASDAQ quotes.\n\n- The candles, the depth and the 52-week range come from that same simulation.\n- Nothing that happens here says what the real stock will do or promises any return.\n\nNews tagged with an instrument's code also shows on that instrument's quote page.",
  },
  de: {
    title: 'AAPL im simulierten Markt',
    summary: 'Woher der Apple-Kurs in dieser Demo stammt.',
    body: 'Der AAPL-Kurs, den Sie hier sehen, ist simuliert: Ein Simulator erzeugt ihn mit der Volatilität, die die Referenzdaten für die Aktie vorgeben; es sind keine echten NASDAQ-Kurse.\n\n- Kerzen, Markttiefe und 52-Wochen-Spanne stammen aus derselben Simulation.\n- Nichts, was hier geschieht, sagt etwas über die echte Aktie aus oder verspricht eine Rendite.\n\nNachrichten mit dem Code eines Instruments als Schlagwort erscheinen auch auf dessen Kursseite.',
  },
  hi: {
    title: 'सिम्युलेटेड बाज़ार में AAPL',
    summary: 'इस डेमो में दिखने वाला Apple का भाव कहाँ से आता है।',
    body: 'यहाँ दिखने वाला AAPL का भाव सिम्युलेटेड है: एक सिम्युलेटर इसे उस अस्थिरता से बनाता है जो संदर्भ डेटा इस शेयर के लिए तय करता है; ये NASDAQ के असली भाव नहीं हैं।\n\n- कैंडल, डेप्थ और 52 हफ़्तों की रेंज इसी सिम्युलेशन से आती हैं।\n- यहाँ जो कुछ होता है वह न असली शेयर के बारे में कुछ बताता है, न किसी रिटर्न का वादा करता है।\n\nजिन ख़बरों पर किसी इंस्ट्रूमेंट का कोड टैग होता है, वे उसके कोट पेज पर भी दिखती हैं।',
  },
  ja: {
    title: 'シミュレーション市場の AAPL',
    summary: 'このデモで表示される Apple の価格の出どころ。',
    body: 'ここで表示される AAPL の価格はシミュレーションです。参照データがこの銘柄に定めたボラティリティでシミュレーターが生成しており、NASDAQ の実際の相場ではありません。\n\n- ローソク足、板、52 週レンジも同じシミュレーションから来ています。\n- ここで起きることは実際の株価の動きを示すものではなく、いかなる利回りも約束しません。\n\n銘柄コードをタグにしたニュースは、その銘柄の相場ページにも表示されます。',
  },
  th: {
    title: 'AAPL ในตลาดจำลอง',
    summary: 'ราคา Apple ที่คุณเห็นในเดโมนี้มาจากไหน',
    body: 'ราคา AAPL ที่เห็นที่นี่เป็นราคาจำลอง: ตัวจำลองสร้างขึ้นด้วยความผันผวนที่ข้อมูลอ้างอิงกำหนดไว้สำหรับหุ้นตัวนี้ ไม่ใช่ราคาจริงจาก NASDAQ\n\n- แท่งเทียน ความลึกของตลาด และช่วงราคา 52 สัปดาห์ มาจากการจำลองเดียวกันนี้\n- สิ่งที่เกิดขึ้นที่นี่ไม่ได้บอกว่าหุ้นจริงจะเป็นอย่างไร และไม่ได้สัญญาผลตอบแทนใด ๆ\n\nข่าวที่ติดแท็กด้วยรหัสของตราสารจะแสดงในหน้าราคาของตราสารนั้นด้วย',
  },
  'zh-CN': {
    title: '模拟市场中的 AAPL',
    summary: '本演示中的 Apple 价格从何而来。',
    body: '您在这里看到的 AAPL 价格是模拟的：由模拟器按参考数据为该股票设定的波动率生成，并非纳斯达克的真实报价。\n\n- K 线、盘口深度和 52 周区间都来自同一模拟。\n- 这里发生的一切都不代表真实股票的走势，也不承诺任何收益。\n\n以品种代码为标签的新闻也会显示在该品种的行情页。',
  },
  'zh-TW': {
    title: '模擬市場中的 AAPL',
    summary: '本示範中的 Apple 價格從何而來。',
    body: '您在這裡看到的 AAPL 價格是模擬的：由模擬器依參考資料為該股票設定的波動率產生，並非那斯達克的真實報價。\n\n- K 線、委買委賣深度與 52 週區間都來自同一模擬。\n- 這裡發生的一切都不代表真實股票的走勢，也不承諾任何報酬。\n\n以商品代碼為標籤的新聞也會顯示在該商品的報價頁。',
  },
};

/** The tag of news about Apple: an instrument's code in lower case, as the quote page asks for it. */
export const demoArticleTags: ArticleTag[] = [
  {
    code: 'aapl',
    labels: {
      es: 'Apple (AAPL)',
      en: 'Apple (AAPL)',
      de: 'Apple (AAPL)',
      hi: 'Apple (AAPL)',
      ja: 'Apple（AAPL）',
      th: 'Apple (AAPL)',
      'zh-CN': '苹果（AAPL）',
      'zh-TW': '蘋果（AAPL）',
    },
    sortOrder: 10,
  },
];

export const demoArticles: OperatorArticleInput[] = [
  { kind: 'news', tags: [], translations: guide },
  { kind: 'notice', tags: [], translations: notice },
  { kind: 'news', tags: ['aapl'], translations: appleInTheDemo },
];
