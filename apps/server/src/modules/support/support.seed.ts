import type { Locale } from '@bolsa/contracts';
import type { Database } from '../../platform/db/index.ts';
import { supportCannedReplies } from './support.tables.ts';

/** The canned replies a deployment starts with, per language (added once by title; operators edit them after). */
const startingReplies: Record<Locale, Array<{ title: string; text: string }>> = {
  es: [
    { title: 'Saludo', text: 'Hola, gracias por escribirnos. ¿En qué puedo ayudarle?' },
    { title: 'Seguridad', text: 'Recuerde: el soporte nunca le pedirá dinero, contraseñas ni códigos.' },
  ],
  en: [
    { title: 'Greeting', text: 'Hello, thank you for writing to us. How can I help you?' },
    { title: 'Safety', text: 'Remember: support will never ask you for money, passwords or codes.' },
  ],
  de: [
    { title: 'Begrüßung', text: 'Guten Tag, danke für Ihre Nachricht. Wie kann ich Ihnen helfen?' },
    { title: 'Sicherheit', text: 'Denken Sie daran: Der Support fragt Sie nie nach Geld, Passwörtern oder Codes.' },
  ],
  hi: [
    { title: 'अभिवादन', text: 'नमस्ते, हमें लिखने के लिए धन्यवाद। मैं आपकी क्या सहायता कर सकता हूँ?' },
    { title: 'सुरक्षा', text: 'याद रखें: सहायता टीम कभी भी आपसे पैसे, पासवर्ड या कोड नहीं मांगेगी।' },
  ],
  ja: [
    { title: 'あいさつ', text: 'お問い合わせありがとうございます。どのようなご用件でしょうか？' },
    { title: '安全のために', text: 'サポートがお金、パスワード、コードを求めることは決してありません。' },
  ],
  th: [
    { title: 'ทักทาย', text: 'สวัสดีค่ะ ขอบคุณที่ติดต่อเรา มีอะไรให้ช่วยไหมคะ' },
    { title: 'ความปลอดภัย', text: 'โปรดจำไว้ว่า ฝ่ายบริการจะไม่ขอเงิน รหัสผ่าน หรือรหัสใด ๆ จากคุณ' },
  ],
  'zh-CN': [
    { title: '问候', text: '您好，感谢您的留言。请问有什么可以帮您？' },
    { title: '安全提示', text: '请注意：客服绝不会向您索要资金、密码或验证码。' },
  ],
  'zh-TW': [
    { title: '問候', text: '您好，感謝您的留言。請問有什麼可以幫您？' },
    { title: '安全提示', text: '請注意：客服絕不會向您索取款項、密碼或驗證碼。' },
  ],
};

export async function seedCannedReplies(db: Database) {
  const rows = Object.entries(startingReplies).flatMap(([language, replies]) => replies.map((reply) => ({ language, ...reply })));
  await db.insert(supportCannedReplies).values(rows).onConflictDoNothing();
}
