// The offline page's words in the app's eight languages (the one chosen in the app, else the browser's),
// and its retry: loads the app again, which works once the connection is back.
const words = {
  es: ['Sin conexión', 'No hay conexión a internet. Sus datos están a salvo: vuelva a intentarlo cuando tenga conexión.', 'Reintentar'],
  en: ['You are offline', 'There is no internet connection. Your data is safe: try again once you are connected.', 'Try again'],
  de: [
    'Keine Verbindung',
    'Es besteht keine Internetverbindung. Ihre Daten sind sicher: Versuchen Sie es erneut, sobald Sie verbunden sind.',
    'Erneut versuchen',
  ],
  hi: ['आप ऑफ़लाइन हैं', 'इंटरनेट कनेक्शन नहीं है। आपका डेटा सुरक्षित है: कनेक्ट होने पर फिर से प्रयास करें।', 'फिर से प्रयास करें'],
  ja: ['オフラインです', 'インターネットに接続されていません。データは安全です。接続後にもう一度お試しください。', '再試行'],
  th: ['ออฟไลน์อยู่', 'ไม่มีการเชื่อมต่ออินเทอร์เน็ต ข้อมูลของคุณปลอดภัย โปรดลองอีกครั้งเมื่อเชื่อมต่อแล้ว', 'ลองอีกครั้ง'],
  'zh-CN': ['当前离线', '没有网络连接。您的数据是安全的：联网后请重试。', '重试'],
  'zh-TW': ['目前離線', '沒有網路連線。您的資料是安全的：連線後請重試。', '重試'],
};

function chosenLocale() {
  let stored = null;
  try {
    stored = localStorage.getItem('usa12_locale');
  } catch {
    stored = null;
  }
  const candidates = [stored, navigator.language, navigator.language.split('-')[0]];
  return candidates.find((locale) => locale && words[locale]) ?? 'es';
}

const locale = chosenLocale();
const [title, body, retry] = words[locale];
document.documentElement.lang = locale;
document.getElementById('offline-title').textContent = title;
document.getElementById('offline-body').textContent = body;
document.getElementById('offline-retry').textContent = retry;
document.getElementById('offline-retry').addEventListener('click', () => {
  window.location.href = './';
});
