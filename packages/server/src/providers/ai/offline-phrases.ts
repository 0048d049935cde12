import type { Intent, Sentiment, Tone } from '@life-updates/contract/preferences';

/**
 * The offline composer's phrase banks. They carry no facts: every fact in a post comes from the
 * user's own ideas; these sentences only frame them in the chosen tone, intent and sentiment.
 */

export const openings: Record<Tone, readonly string[]> = {
  casual: [
    'Quick update from my side.',
    "So, here's something I've been meaning to share.",
    "Okay, this one's worth a minute of your time.",
  ],
  professional: [
    "I'd like to share a recent update.",
    'Here is a brief update on something that mattered to me.',
    'A short update worth sharing.',
  ],
  storyteller: ['Let me tell you how this one unfolded.', 'It started like any other day.', 'Picture this.'],
  personalized: [
    "Here's a little update from me.",
    'I wanted to share this with you in my own words.',
    'Something happened that I want to tell you about.',
  ],
};

export const sentimentOpeners: Record<Sentiment, string> = {
  awe: "I'm still a little amazed by it.",
  joy: 'It made me genuinely happy.',
  curiosity: 'And it left me with more questions than answers.',
  urgency: 'And I think it matters right now.',
  calm: 'Looking back on it quietly, it feels right.',
};

export const intentClosings: Record<Intent, string> = {
  educate: 'If this is useful, keep it and pass it on to someone who might need it.',
  inspire: "If you've been waiting for a sign to start, maybe this is it.",
  entertain: 'Thanks for reading, and I hope it made you smile.',
  provoke: 'Do you agree, or do you see it differently? I would like to hear your view.',
  promote: "If you'd like to know more, reach out: I'm happy to share the details.",
  reflect: "I'm still thinking about what it means, and I'm grateful for it.",
};

export const signOffs: Record<Tone, string> = {
  casual: 'Talk soon,',
  professional: 'Kind regards,',
  storyteller: 'Until the next chapter,',
  personalized: 'Warmly,',
};

export const greetings: Record<Tone, { named: string; general: string }> = {
  casual: { named: 'Hi {name},', general: 'Hi everyone,' },
  professional: { named: 'Dear {name},', general: 'Dear friends and colleagues,' },
  storyteller: { named: 'Dear {name},', general: 'Dear friends,' },
  personalized: { named: 'Hi {name},', general: 'Hi all,' },
};

/** Shown once on Telegram in front of the opening line. */
export const sentimentEmoji: Record<Sentiment, string> = {
  awe: '✨',
  joy: '😊',
  curiosity: '🤔',
  urgency: '⚡',
  calm: '🌿',
};

export const intentDetails: Record<Intent, readonly string[]> = {
  educate: [
    'The first lesson is simple: small, consistent steps matter more than one big push.',
    'It is worth writing down what worked, because details fade faster than we expect.',
    'One practical takeaway is to leave room in the plan for the unexpected.',
    'If I had to teach it in one line, I would say: start before you feel ready.',
    'Most of what I learned came from paying attention to the little moments.',
    'Sharing what happened is also a way of checking what I actually understood.',
    'A useful habit here is to pause afterwards and ask what you would repeat.',
    'The same approach works well beyond this one situation.',
    'Good notes turn an experience into something you can use again.',
    'The most valuable part was noticing what I would do differently next time.',
  ],
  inspire: [
    'It is a reminder that ordinary days can hold something remarkable.',
    'Progress rarely looks dramatic from the inside, yet it adds up.',
    'You do not need perfect conditions to begin; you only need to begin.',
    "Every step taken today makes tomorrow's step a little easier.",
    'There is real power in showing up, again and again.',
    'Sometimes the best things start as a small idea written down.',
    'I hope it nudges you towards the thing you have been putting off.',
    'What feels small now can become the story you tell later.',
    'Courage is often just the decision to take one more step.',
    'The people who inspire me most are the ones who keep going quietly.',
  ],
  entertain: [
    'Of course, nothing went exactly to plan, which is half the fun.',
    'At some point I laughed out loud, and I am not even sorry.',
    'If there were a blooper reel, it would be longer than the main feature.',
    'The universe clearly has a sense of humour about timing.',
    'I would give the whole experience five stars, minus one for the surprises.',
    'There was a moment when I thought: of course this would happen to me.',
    'Somewhere, someone is telling this story with even more exaggeration.',
    'Looking back, the unplanned parts were the best ones.',
    'I now have a story for every dinner party this year.',
    'If you need a laugh, ask me about the details in person.',
  ],
  provoke: [
    'Here is the uncomfortable question: why do we accept the usual way without asking?',
    'Maybe the common advice is wrong, or at least incomplete.',
    'We often confuse being busy with making progress.',
    'It is easy to agree with the obvious; it is harder to test it.',
    'What if the thing everyone avoids is exactly where the value is?',
    'I am not sure the standard answer holds up here.',
    'Challenging an assumption is not the same as rejecting it.',
    'The real risk might be in never trying something different.',
    'Comfort is a poor guide to what is actually right.',
    'Most rules made sense once; the question is whether they still do.',
  ],
  promote: [
    'This is something I am proud of and would love more people to see.',
    'The result speaks for itself, and there is more on the way.',
    'If it sounds useful for you or your team, it is worth a closer look.',
    'A lot of care went into it, and it shows in the details.',
    'I am opening it up to anyone who wants to take part.',
    'Early feedback has been encouraging, and I want to build on it.',
    'There is a simple way to get involved, and I am happy to help.',
    'Good work deserves to be shared, so I am sharing it.',
    'The next step is to bring it to more people who can use it.',
    'If you know someone who would benefit, please pass this along.',
  ],
  reflect: [
    'Looking back, I notice how much changed in such a short time.',
    'It made me think about what I actually value.',
    'Some moments only make sense after a little distance.',
    'I am grateful for the people who were part of it.',
    'There is something quiet and important in taking stock like this.',
    'I want to remember how this felt, not only what happened.',
    'It is a small chapter, but it belongs in the larger story.',
    'Writing it down helps me see it more clearly.',
    'I am learning to give moments like this the attention they deserve.',
    'It changed the way I look at an ordinary week.',
  ],
};

export const sentimentDetails: Record<Sentiment, readonly string[]> = {
  awe: [
    'It still amazes me how much can happen in a single day.',
    'There was a moment when everything seemed bigger than me.',
    'Some experiences leave you quietly speechless, and this was one of them.',
    'I keep coming back to the sense of wonder it left.',
    'It felt like seeing something familiar for the very first time.',
  ],
  joy: [
    'I could not stop smiling for the rest of the day.',
    'There is a simple happiness in moments like this.',
    'It filled me with gratitude for the people around me.',
    'Good days deserve to be celebrated, and this was one.',
    'The joy of it has stayed with me since.',
  ],
  curiosity: [
    'It raised a question I want to keep exploring.',
    'I want to understand why it worked out the way it did.',
    'There is more to learn here, and I intend to find out.',
    'It opened a door I did not know was there.',
    'I keep wondering what would happen if I tried it again differently.',
  ],
  urgency: [
    'This is not something to leave for later.',
    'The window to act on it is open now, and it will not stay open forever.',
    'Waiting would only make it harder.',
    'It deserves attention today, not someday.',
    'The sooner we act on it, the better the outcome.',
  ],
  calm: [
    'There is no rush; some things are worth taking slowly.',
    'It brought a sense of quiet and balance.',
    'I am letting it settle before deciding what comes next.',
    'Taking a breath, it all feels clearer.',
    'The calm after it was its own reward.',
  ],
};

export const generalDetails: readonly string[] = [
  'It is the kind of moment that is easy to forget unless you write it down.',
  'Details like these are what make a period of life feel real.',
  'I wanted to share it while it is still fresh.',
  'It connects to a lot of other things happening in my life right now.',
  'Moments like this remind me why I keep these notes.',
  'It did not take long, but it left a lasting impression.',
  'There is more to say about it, and I will keep you posted.',
  'It is part of a bigger picture that is slowly coming together.',
  'Thinking about it now, I see it differently than I did at first.',
  'Sharing it feels like the natural next step.',
  'It is a small thing, and small things count.',
  'I will remember this one for a while.',
  'Some updates are big news; this one is simply true to my life.',
  'It also showed me how much support I have around me.',
  'The best part was how naturally it all came together.',
  'I did not expect it to matter as much as it did.',
  'It is funny how the most ordinary plans can turn into the best memories.',
  'A few people asked me about it, so here it is in one place.',
  'It took some patience, and it was worth every minute.',
  'I am curious to see where it leads over the next few weeks.',
  'These are the moments I want to look back on one day.',
  'It reminded me to slow down and notice what is already good.',
  'Not everything has to be a milestone to be worth sharing.',
  'There were a few surprises along the way, and most of them were good.',
  'It made the whole week feel different.',
  'I learned as much from the small moments as from the big ones.',
  'It is one of those things that sounds simple and feels important.',
  'I am glad I made the time for it.',
  'It gave me a new idea or two for what comes next.',
  'If you were there, you know exactly what I mean.',
];

/** Section labels the bulleted structure adds when the ideas give fewer than three sections. */
export const bulletinLabels: readonly string[] = [
  'Why it matters',
  'How it felt',
  'What stays with me',
  'Looking back',
  'Looking ahead',
];

/** Words never used as hashtags or keywords. */
export const stopWords = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing done down during each few for from further get got had has have having he her here hers him his how ' +
    'i if in into is it its itself just like made make many me more most much my myself new no nor not now of off on once only or other ' +
    'our ours out over own really same she should so some such than that the their theirs them then there these they this those through ' +
    'to today tomorrow too under until up very was we went were what when where which while who whom why will with would yesterday you ' +
    'your yours finally still even back going came come took take want wanted think thought know knew feel felt time times thing things ' +
    'week weeks day days year years month months lot little first last next great good well'
  ).split(' '),
);
