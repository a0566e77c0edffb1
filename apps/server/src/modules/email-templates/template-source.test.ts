// Saving a template: what the sanitiser keeps, the plain text derived from it, and the messages
// that name what is wrong.
import { describe, expect, it } from 'vitest';
import { fillTemplate } from './render-email.ts';
import { plainTextOf, prepareTemplate, sanitiseTemplateHtml } from './template-source.ts';

describe('template HTML', () => {
  it('keeps a link to a URL merge field, also percent-encoded by an editor, and drops one to any other field', () => {
    expect(sanitiseTemplateHtml('<p><a href="{{ portal_url }}" target="_blank">Gifts</a></p>')).toBe(
      '<p><a href="{{portal_url}}" rel="noopener noreferrer nofollow">Gifts</a></p>',
    );
    expect(sanitiseTemplateHtml('<a href="%7B%7Bupdate_payment_url%7D%7D">Card</a>')).toBe(
      '<a href="{{update_payment_url}}" rel="noopener noreferrer nofollow">Card</a>',
    );
    expect(sanitiseTemplateHtml('<a href="{{donor_name}}">x</a>')).toBe('<a>x</a>');
    expect(sanitiseTemplateHtml('<p style="color:red" onclick="steal()">Hi</p><iframe src="x"></iframe>')).toBe(
      '<p>Hi</p>',
    );
  });

  it('derives plain text with paragraphs apart and links as text (address)', () => {
    expect(
      plainTextOf(
        '<p>Dear {{donor_first_name}},</p><p><a href="{{portal_url}}">Your gifts</a></p><ul><li>One</li></ul>',
      ),
    ).toBe('Dear {{donor_first_name}},\n\nYour gifts ({{portal_url}})\n\n * One');
  });

  it('renders a saved template so no value can open a tag, while the subject and text keep it as typed', () => {
    const prepared = prepareTemplate('thank_you', {
      subject: 'For {{donor_name}}',
      html: '<p>Hi {{donor_name}}</p>',
    });
    if (!('template' in prepared)) throw new Error('refused');
    const email = fillTemplate(prepared.template, { donor_name: '<img src=x onerror=alert(1)>' });
    expect(email.html).toBe('<p>Hi &lt;img src=x onerror=alert(1)&gt;</p>');
    expect(email.subject).toBe('For <img src=x onerror=alert(1)>');
    expect(email.text).toBe('Hi <img src=x onerror=alert(1)>');
  });
});

describe('template messages', () => {
  const problems = (kind: 'receipt' | 'failed_charge' | 'thank_you', subject: string, html: string) => {
    const prepared = prepareTemplate(kind, { subject, html });
    return 'problems' in prepared ? prepared.problems : {};
  };

  it('names the unknown field, in the subject or in the message', () => {
    expect(problems('thank_you', 'Hi {{first_name}}', '<p>x</p>').subject).toMatch(
      /^Unknown merge field \{\{first_name\}\}\. Use one of: donor_first_name, donor_name,/,
    );
    expect(problems('thank_you', 'Hi', '<p>{{#gift_size}}big{{/gift_size}}</p>').html).toMatch(
      /^Unknown merge field \{\{gift_size\}\}/,
    );
  });

  it('refuses partials, delimiter changes and unescaped fields, and accepts comments and blocks on known fields', () => {
    expect(problems('thank_you', 'Hi', '<p>{{> footer}}</p>').html).toMatch(/^\{\{> footer\}\} is not a merge field/);
    expect(problems('thank_you', 'Hi', '<p>{{=<% %>=}}</p>').html).toMatch(/delimiters is not supported/);
    expect(problems('thank_you', 'Hi {{&amount}}', '<p>x</p>').subject).toBe(
      'Write {{amount}} instead: merge fields are always escaped.',
    );
    expect(
      problems('thank_you', 'Hi', '<p>{{! note }}{{#campaign_name}}for {{campaign_name}}{{/campaign_name}}</p>'),
    ).toEqual({});
  });

  it('requires the payment link in a failed charge e-mail and the portal link in a receipt, not in a thank-you', () => {
    expect(problems('failed_charge', 'x', '<p><a href="{{portal_url}}">Portal</a></p>').html).toBe(
      'This e-mail must keep the {{update_payment_url}} link: donors use it to update their payment method.',
    );
    expect(problems('receipt', 'x', '<p>No link</p>').html).toBe(
      'This e-mail must keep the {{portal_url}} link: donors use it to see and manage their gifts.',
    );
    expect(problems('thank_you', 'x', '<p>No link</p>')).toEqual({});
  });
});
