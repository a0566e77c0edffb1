/**
 * The first version of an organisation's communications guide, shown until its admins change it
 * (docs/product/crm-communications.md#the-guide). Plain advice a new staff member can act on today.
 */
export const DEFAULT_GUIDE_PAGES: ReadonlyArray<{ slug: string; title: string; body_html: string }> = [
  {
    slug: 'tone-of-voice',
    title: 'Tone of voice',
    body_html: [
      '<h2>How we sound</h2>',
      '<p>Write the way you would talk to a supporter you respect: warm, plain and specific.</p>',
      '<ul><li><strong>Say what the gift did</strong>, not what the organisation needs: “Your $50 stocked the pantry shelves for a week.”</li>',
      '<li><strong>Use their name</strong> and the household salutation when you write to a household.</li>',
      '<li><strong>One ask per message.</strong> A thank-you is only a thank-you.</li>',
      '<li>Avoid jargon (“capacity building”, “beneficiaries”) and guilt.</li></ul>',
    ].join(''),
  },
  {
    slug: 'thank-you-calls',
    title: 'Thank-you calling script',
    body_html: [
      '<h2>Within 48 hours of a first gift or a gift of $250 or more</h2>',
      '<ol><li>“Hello, may I speak with [first name]? This is [your name] from [organisation].”</li>',
      '<li>“I am not calling to ask for anything. I wanted to thank you for your gift to [campaign].”</li>',
      '<li>Share one concrete thing the gift makes possible.</li>',
      '<li>Ask: “What made you decide to give?” and listen. Note the answer on their record.</li>',
      '<li>“Thank you again. Is this a good number to reach you in future?”</li></ol>',
      '<p>No answer? Leave a short, cheerful message and log the call as made. Do not call twice.</p>',
    ].join(''),
  },
  {
    slug: 'after-a-gift',
    title: 'After a gift: what goes out when',
    body_html: [
      '<h2>What the product sends on its own</h2>',
      '<ul><li>The <strong>receipt</strong> goes out minutes after every gift.</li>',
      '<li>A <strong>thank-you e-mail</strong> follows when the organisation has written one (Campaigns → One-time e-mails).</li>',
      '<li>Monthly donors get a reminder before each charge and a notice if a payment fails.</li></ul>',
      '<h2>What staff add</h2>',
      '<ul><li>A call for first gifts and large gifts (see the calling script).</li>',
      '<li>A handwritten card for gifts in memory of someone.</li>',
      '<li>Log every call, meeting and letter on the contact, so the next person knows what was said.</li></ul>',
    ].join(''),
  },
];
