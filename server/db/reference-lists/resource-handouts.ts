import type { ResourceTarget } from '../../../shared/schemas/resources';

/**
 * One-page PDF handouts the demo library holds as File resources (issue 9
 * section 8: "file resources through the signed storage link"), built with
 * pdf-lib when the demo is seeded. Public guidance, restated from the sources
 * each names; plain ASCII, since the PDF's standard fonts have no other glyphs.
 */
export interface Handout {
  title: string;
  category: 'Crisis and Safety' | 'Substance Use' | 'Clinical Guidance';
  target: ResourceTarget;
  fileName: string;
  heading: string;
  intro: string;
  sections: { heading: string; items: string[]; numbered?: boolean }[];
  sources: string;
}

export const HANDOUTS: Handout[] = [
  {
    title: 'Handout: 988 Suicide & Crisis Lifeline',
    category: 'Crisis and Safety',
    target: 'patient',
    fileName: '988-lifeline-handout.pdf',
    heading: '988 Suicide & Crisis Lifeline',
    intro:
      'Free, confidential support for anyone in suicidal crisis or emotional distress, 24 hours a day, 7 days a week, anywhere in the United States. ' +
      'You do not have to be thinking of suicide to reach out: call about any kind of emotional distress, or about someone you are worried about.',
    sections: [
      {
        heading: 'How to Reach the Lifeline',
        items: [
          'Call 988.',
          'Text 988.',
          'Chat online at 988lifeline.org.',
          'Veterans and service members: call 988 and press 1, or text 838255 (Veterans Crisis Line).',
          'Para ayuda en español: llame al 988 y oprima 2.',
          'Deaf or hard of hearing: use your preferred relay service, or dial 711 and then 988.',
        ],
      },
      {
        heading: 'What Happens When You Reach Out',
        items: [
          'A trained crisis counselor answers, listens, helps you with what you need right now and can connect you with services near you.',
          'Most contacts are resolved on the call. Emergency services are involved only when a life is in immediate danger that cannot be reduced on the call.',
        ],
      },
      {
        heading: 'Warning Signs to Take Seriously',
        items: [
          'Talking about wanting to die, feeling hopeless, trapped or in unbearable pain, or being a burden to others.',
          'Looking for a way to end their life, such as searching online or getting a gun.',
          'Drinking or using drugs more; acting anxious, agitated or reckless; sleeping too little or too much.',
          'Withdrawing from people; showing rage or talking about revenge; extreme mood swings.',
        ],
      },
      {
        heading: 'If You Are Worried About Someone',
        items: [
          'Ask directly: "Are you thinking about suicide?" Asking does not put the idea in their head.',
          'Listen without judging, and stay with them.',
          'Help keep them safe: put distance between them and anything they could use to hurt themselves, such as firearms or medicines.',
          'Call or text 988 together, and check in again in the days after.',
        ],
      },
    ],
    sources: 'If someone is in immediate danger, call 911. Sources: 988 Suicide & Crisis Lifeline (988lifeline.org); SAMHSA.',
  },
  {
    title: 'Handout: How to Give Naloxone Nasal Spray',
    category: 'Substance Use',
    target: 'patient',
    fileName: 'naloxone-nasal-spray-steps.pdf',
    heading: 'How to Give Naloxone Nasal Spray',
    intro:
      'Naloxone (Narcan and other brands) reverses an opioid overdose, including one from fentanyl, heroin or prescription pain pills. ' +
      'It has no effect on someone who has not taken opioids, so give it whenever you think an overdose may be happening. ' +
      'The nasal spray is sold without a prescription, and Ohio\'s Project DAWN sites give it out free.',
    sections: [
      {
        heading: 'Signs of an Opioid Overdose',
        items: [
          'Will not wake up or respond to your voice or touch.',
          'Slow, shallow or no breathing; choking, gurgling or snoring sounds.',
          'Very small (pinpoint) pupils.',
          'Blue, gray or pale lips and fingertips; cold, clammy skin; a limp body.',
        ],
      },
      {
        heading: 'What to Do',
        numbered: true,
        items: [
          'Check for a response: shout their name and rub your knuckles hard on the middle of their chest.',
          'Call 911. Say the person is not breathing or not responding, and give the address.',
          'Give naloxone: lay the person on their back and support the neck. Put the nozzle into one nostril until your fingers touch the bottom of the nose, then press the plunger firmly.',
          'Roll the person onto their side (recovery position) so they do not choke. Give rescue breaths if you are trained to.',
          'If they do not respond within 2 to 3 minutes, give a second dose in the other nostril with a new spray.',
          'Stay with them until help arrives.',
        ],
      },
      {
        heading: 'After Naloxone',
        items: [
          'Naloxone wears off in 30 to 90 minutes, sooner than many opioids, so the overdose can come back. The person still needs medical care.',
          'They may wake up confused, sick or upset (withdrawal). Keep them from taking more opioids.',
          'Ohio\'s Good Samaritan law gives people who call for help during an overdose limited protection from minor drug possession charges; conditions apply.',
        ],
      },
    ],
    sources: 'Sources: FDA Narcan nasal spray instructions; SAMHSA Opioid Overdose Prevention Toolkit; Ohio Department of Health, Project DAWN.',
  },
  {
    title: 'Quick Guide: Suicide Safety Planning',
    category: 'Clinical Guidance',
    target: 'clinician',
    fileName: 'safety-planning-quick-guide.pdf',
    heading: 'Suicide Safety Planning: Quick Guide',
    intro:
      'A safety plan is a short written list of warning signs, coping strategies and sources of support a person can use before or during a suicidal crisis. ' +
      'Write it together, in the person\'s own words, and make sure they leave with a copy they can find quickly.',
    sections: [
      {
        heading: 'The Six Steps',
        numbered: true,
        items: [
          'Warning signs: the thoughts, images, moods, situations or behaviors that show a crisis may be starting.',
          'Internal coping strategies: what the person can do alone to take their mind off their problems.',
          'People and social settings that provide distraction.',
          'People the person can ask for help, with their phone numbers.',
          'Professionals and agencies to contact in a crisis: their clinician, local emergency services, and the 988 Suicide & Crisis Lifeline (call or text 988).',
          'Making the environment safe: reducing access to lethal means.',
        ],
      },
      {
        heading: 'Good Practice',
        items: [
          'Ask directly about firearms and stored medicines. Locking firearms unloaded and apart from ammunition, or keeping them out of the home for a while, lowers risk.',
          'Many plans end with the person\'s reasons for living, in their words.',
          'A safety plan is not a no-suicide contract: do not ask for a promise.',
          'Review the plan at every contact and after any crisis, and update it as supports change.',
        ],
      },
    ],
    sources: 'Based on the Safety Planning Intervention (Stanley & Brown, 2012; suicidesafetyplan.com) and the Suicide Prevention Resource Center\'s Counseling on Access to Lethal Means.',
  },
];
