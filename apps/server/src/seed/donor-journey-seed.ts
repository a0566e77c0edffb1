// The whole donor journey in the demo (docs/product/donation-form.md): Riverside Food Bank's
// "Winter Coat Drive" at /coat-drive asks an optional question before a required one (the
// donor may skip the first), shows four amount tiles in the four-column layout whose largest
// amount is long in yen, gives in dollars, euros or yen (presets converted with the
// organisation's rates) and offers the monthly upsell and the sandbox wallet. It starts without
// gifts, so its donor wall shows only what visitors give. A second run changes nothing.
import type { TCampaignInput } from '@kindling/contracts';
import type { Db } from '../platform/db/client.ts';
import { ensureCampaign } from './campaigns-seed.ts';

const WINTER_COATS: TCampaignInput = {
  name: 'Winter Coat Drive',
  campaign_url: 'coat-drive',
  status: 'active',
  goal_minor: 2_000_000,
  currency: 'USD',
  currencies: ['USD', 'EUR', 'JPY'],
  call_to_action: 'Keep a child warm this winter',
  description:
    '<p>Every winter families in the river district choose between heating and new coats. Your gift buys a warm coat, gloves and a hat for a child who needs them.</p>',
  user_amount_enable: true,
  collect_address: true,
  thank_you_message: '',
  amounts: [
    { amount_minor: 2500, interval: 'once', description: 'Gloves and a hat', image_url: null },
    { amount_minor: 6000, interval: 'once', description: 'A warm coat for a child', image_url: null },
    { amount_minor: 12000, interval: 'once', description: 'Coats for two siblings', image_url: null },
    { amount_minor: 250000, interval: 'once', description: 'A winter of coats for a school', image_url: null },
    { amount_minor: 1500, interval: 'monthly', description: 'A coat every two months', image_url: null },
  ],
  questions: [
    {
      content: 'Which of our winter programmes matters most to you?',
      answer_type: 'Radio',
      options: ['Coats for children', 'Warm meals', 'Heating grants'],
      response_required: false,
    },
    {
      content: 'How did you hear about the coat drive?',
      answer_type: 'dropdown',
      options: ['Friend or family', 'Social media', 'Local news', 'At school'],
      response_required: true,
    },
  ],
  campaign_settings: {
    theme_color: '#1c7ed6',
    button_color: '#1864ab',
    button_text_color: '#ffffff',
    button_layout: 'four-column',
  },
};

export async function seedDonorJourney(db: Db, npoIds: Map<string, number>): Promise<void> {
  const npoId = npoIds.get('riverside-food-bank');
  if (!npoId) return;
  await ensureCampaign(db, npoId, WINTER_COATS, { createdAt: new Date() });
}
