import { ZPublicCampaign } from '@kindling/contracts';
import { describe, expect, it } from 'vitest';
import { type CampaignDraft, emptyDraft, newAmount, newDesignation, newQuestion } from './campaign-draft.ts';
import { draftToPublicCampaign, newCampaignContext, previewCustomCss } from './draft-preview.ts';

const ctx = newCampaignContext({ id: 3, name: 'Riverside Food Bank', logo: null }, 'USD');

const draft = (overrides: Partial<CampaignDraft> = {}): CampaignDraft => ({
  ...emptyDraft('USD'),
  name: 'Spring appeal',
  campaign_url: 'spring-appeal',
  ...overrides,
});

describe('draftToPublicCampaign', () => {
  it('maps the unsaved draft to what the public form reads', () => {
    const campaign = draftToPublicCampaign(
      draft({
        currency: 'EUR',
        currencies: ['EUR', 'USD'],
        goal: '1000',
        amounts: [
          { ...newAmount('monthly'), amount: '10', description: ' Meals ' },
          { ...newAmount('once'), amount: '25.5' },
          { ...newAmount('once'), amount: 'abc' },
        ],
        questions: [
          { ...newQuestion(), content: 'Where did you hear of us?', answer_type: 'Radio', options: ['Friend', ' '] },
          { ...newQuestion(), content: '  ' },
        ],
        designations: [{ ...newDesignation(), name: 'Kitchen' }, newDesignation()],
        designation_label: 'Where should it go?',
        gift_aid: true,
        campaign_settings: { theme_color: '#ff0000', button_color: '#12', line_height: '1.4' },
      }),
      ctx,
    );
    expect(ZPublicCampaign.safeParse(campaign).success).toBe(true);
    expect(campaign.npo).toBe('Riverside Food Bank');
    expect(campaign.currency).toBe('EUR');
    expect(campaign.amounts.map((a) => [a.amount_minor, a.interval, a.description])).toEqual([
      [1000, 'monthly', 'Meals'],
      [2550, 'once', ''],
    ]);
    // Tabs in the form's order, not the editor's.
    expect(campaign.intervals).toEqual(['once', 'monthly']);
    expect(campaign.questions).toEqual([
      {
        id: 1,
        content: 'Where did you hear of us?',
        answer_type: 'Radio',
        options: ['Friend'],
        response_required: false,
      },
    ]);
    expect(campaign.designations).toEqual([{ id: 1, name: 'Kitchen', description: '' }]);
    expect(campaign.goal_minor).toBe(100_000);
    expect(campaign.gift_aid).toBe(true);
    // A colour still being typed keeps the default; valid ones pass.
    expect(campaign.campaign_settings).toEqual({ theme_color: '#ff0000', line_height: 1.4 });
  });

  it('gives an untitled name and strips script from the description', () => {
    const campaign = draftToPublicCampaign(
      draft({ name: '', description: '<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:x">l</a></p>' }),
      ctx,
    );
    expect(campaign.name).toBe('Untitled campaign');
    expect(campaign.description).toBe('<p>Hi<a>l</a></p>');
  });
});

describe('previewCustomCss', () => {
  it('scopes the CSS under the form root and drops text that could escape it', () => {
    expect(previewCustomCss('.amount { color: red; }')).toBe('.kindling-donation-form {\n.amount { color: red; }\n}');
    expect(previewCustomCss('} body { display: none }')).toBe('');
    expect(previewCustomCss('a { } </style>')).toBe('');
    expect(previewCustomCss('  ')).toBe('');
  });
});
