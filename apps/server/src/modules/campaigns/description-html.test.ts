import { describe, expect, it } from 'vitest';
import { sanitiseDescription } from './description-html.ts';

describe('sanitiseDescription', () => {
  it('keeps formatting, links and uploaded images', () => {
    const html =
      '<h2>Our story</h2><p class="x">Give <strong>now</strong> &amp; <a href="https://example.org/a?b=1" onclick="x()">read</a></p><img src="/uploads/1/campaigns/a.png" alt="Shelves">';
    expect(sanitiseDescription(html)).toBe(
      '<h2>Our story</h2><p>Give <strong>now</strong> &amp; <a href="https://example.org/a?b=1" rel="noopener noreferrer nofollow">read</a></p><img src="/uploads/1/campaigns/a.png" alt="Shelves">',
    );
  });

  it('removes scripts, handlers, dangerous URLs and stray tag openers', () => {
    expect(sanitiseDescription('<script>alert(1)</script><p onmouseover="x">a</p>')).toBe('<p>a</p>');
    expect(sanitiseDescription('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitiseDescription('<a href="java&#115;cript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitiseDescription('<img src=x onerror=alert(1)>')).toBe('<img>');
    expect(sanitiseDescription('1 < 2 <<script>script>alert(1)</script>')).toBe('1 &lt; 2 &lt;');
    expect(sanitiseDescription('<svg><g onload="x"></g></svg><iframe src="https://e.test"></iframe>ok')).toBe('ok');
  });
});
