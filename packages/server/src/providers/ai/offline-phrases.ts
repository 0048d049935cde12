import type { Locale } from '@life-updates/contract/i18n';
import type { Sentiment, Tone } from '@life-updates/contract/preferences';

/**
 * Everything the offline composer may write that is not the user's own text. These are structural
 * phrases only — greetings, sign-offs, headings and list labels — and carry no claim, feeling or
 * event: every statement in a post comes from the user's ideas. The property test of the composer
 * checks each output line against this catalogue, so a sentence added here must stay neutral.
 */
export type OfflinePhrases = {
  /** Letters and posts to a contact: `{name}` is the contact's name. */
  greetings: Record<Tone, { named: string; general: string }>;
  signOffs: Record<Tone, string>;
  /** A newsletter's heading, followed by ": " and the first idea's own opening words. */
  newsletterHeading: string;
  /** The technical structure's heading over its numbered points. */
  keyPoints: string;
  /** The short-with-links structure's heading over its list of links. */
  links: string;
  /** Fills a template's {{name}} and {{relationship}} when the share has no contact. */
  friend: string;
};

export const offlinePhrases: Record<Locale, OfflinePhrases> = {
  en: {
    greetings: {
      casual: { named: 'Hi {name},', general: 'Hi everyone,' },
      professional: { named: 'Dear {name},', general: 'Dear friends and colleagues,' },
      storyteller: { named: 'Dear {name},', general: 'Dear friends,' },
      personalized: { named: 'Hi {name},', general: 'Hi all,' },
    },
    signOffs: {
      casual: 'Talk soon,',
      professional: 'Kind regards,',
      storyteller: 'Best wishes,',
      personalized: 'Warmly,',
    },
    newsletterHeading: 'Life update',
    keyPoints: 'Key points:',
    links: 'Links:',
    friend: 'friend',
  },
  ru: {
    greetings: {
      casual: { named: 'Привет, {name}!', general: 'Всем привет!' },
      professional: { named: 'Здравствуйте, {name}!', general: 'Уважаемые друзья и коллеги!' },
      storyteller: { named: '{name}, здравствуйте!', general: 'Дорогие друзья!' },
      personalized: { named: 'Привет, {name}!', general: 'Привет всем!' },
    },
    signOffs: {
      casual: 'До связи,',
      professional: 'С уважением,',
      storyteller: 'С наилучшими пожеланиями,',
      personalized: 'С теплом,',
    },
    newsletterHeading: 'Новости',
    keyPoints: 'Главное:',
    links: 'Ссылки:',
    friend: 'друг',
  },
};

/** Shown once on Telegram in front of the first line: a mark of the chosen sentiment, not a statement. */
export const sentimentEmoji: Record<Sentiment, string> = {
  awe: '✨',
  joy: '😊',
  curiosity: '🤔',
  urgency: '⚡',
  calm: '🌿',
};

/** Words too common to make a hashtag of, in both languages. */
export const stopWords = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing done down during each few for from further get got had has have having he her here hers him his how ' +
    'i if in into is it its itself just like made make many me more most much my myself new no nor not now of off on once only or other ' +
    'our ours out over own really same she should so some such than that the their theirs them then there these they this those through ' +
    'to today tomorrow too under until up very was we went were what when where which while who whom why will with would yesterday you ' +
    'your yours finally still even back going came come took take want wanted think thought know knew feel felt time times thing things ' +
    'week weeks day days year years month months lot little first last next great good well ' +
    'это этот эта эти того тому тем том как так что чтобы когда где куда откуда который которая которые было были была быть будет ' +
    'есть нет или если уже еще ещё очень потом тоже также только даже всех всем всего свой своя свои свою меня мной мне тебя тебе ' +
    'него нему неё ней них нам нас вас вам они она оно мы вы он для при про над под без после перед через между сегодня вчера завтра ' +
    'день дня дней неделю недели месяц года году время раз вот там тут здесь опять снова почти совсем просто наконец сейчас теперь'
  ).split(' '),
);
