import { describe, expect, it } from 'vitest';
import { toPlainText } from '../../platform/security/html.ts';
import { sanitiseDescription } from './description-html.ts';

describe('sanitiseDescription', () => {
  it('keeps formatting, links and uploaded images', () => {
    const html =
      '<h2>Our story</h2><p class="x">Give <strong>now</strong> &amp; <a href="https://example.org/a?b=1" onclick="x()">read</a></p><img src="/uploads/1/campaigns/a.png" alt="Shelves">';
    expect(sanitiseDescription(html)).toBe(
      '<h2>Our story</h2><p>Give <strong>now</strong> &amp; <a href="https://example.org/a?b=1" rel="noopener noreferrer nofollow">read</a></p><img src="/uploads/1/campaigns/a.png" alt="Shelves" />',
    );
  });

  it('removes scripts, handlers, dangerous URLs and stray tag openers', () => {
    expect(sanitiseDescription('<script>alert(1)</script><p onmouseover="x">a</p>')).toBe('<p>a</p>');
    expect(sanitiseDescription('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitiseDescription('<a href="java&#115;cript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitiseDescription('<img src=x onerror=alert(1)>')).toBe('<img />');
    expect(sanitiseDescription('1 < 2 <<script>script>alert(1)</script>')).toBe('1 &lt; 2 &lt;');
    expect(sanitiseDescription('<svg><g onload="x"></g></svg><iframe src="https://e.test"></iframe>ok')).toBe('ok');
  });

  it.each([
    [
      'a data: link and a data: image',
      '<a href="data:text/html;base64,PHNjcmlwdD4=">d</a><img src="data:image/svg+xml,<svg onload=alert(1)>">',
      '<a>d</a><img />',
    ],
    [
      'a javascript: link behind spaces and a tab',
      '<a href=" javascript:alert(1)">s</a><a href="jav\tascript:alert(1)">t</a>',
      '<a>s</a><a>t</a>',
    ],
    [
      'a protocol-relative link and an http image',
      '<a href="//evil.test/x">p</a><img src="http://evil.test/a.png">',
      '<a>p</a><img />',
    ],
    ['an inline style with expression()', '<p style="width: expression(alert(1))">e</p>', '<p>e</p>'],
    ['a style element', '<style>p { background: url(javascript:alert(1)) }</style><p>s</p>', '<p>s</p>'],
    [
      'svg with a script inside',
      '<svg><script>alert(1)</script><a xlink:href="javascript:alert(1)">x</a></svg>ok',
      'ok',
    ],
    ['math with a link', '<math><mi xlink:href="javascript:alert(1)">m</mi></math>ok', 'ok'],
    ['a split script tag', '<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['unclosed nesting', '<div><p>nested <b><i>x</p></b>', '<p>nested <b><i>x</i></b></p>'],
    ['a comment hiding a script', '<!--<script>alert(1)</script>-->ok', 'ok'],
    [
      'an event handler in upper case',
      '<IMG SRC="https://x.test/a.png" ONERROR="alert(1)">',
      '<img src="https://x.test/a.png" />',
    ],
    [
      'a form and a button',
      '<form action="https://evil.test"><button formaction="javascript:alert(1)">b</button></form>',
      'b',
    ],
    [
      'a quote breaking out of alt',
      '<img src="https://x.test/a.png" alt="a&quot; onerror=&quot;alert(1)">',
      '<img src="https://x.test/a.png" alt="a&quot; onerror=&quot;alert(1)" />',
    ],
  ])('defuses %s', (_name, html, safe) => {
    expect(sanitiseDescription(html)).toBe(safe);
  });
});

describe('toPlainText', () => {
  it.each([
    ['Thanks & see you <3', 'Thanks & see you <3'],
    ['<script>alert(1)</script>Thank you!', 'Thank you!'],
    ['<img src=x onerror=alert(1)>Hi', 'Hi'],
    ['Read <a href="javascript:alert(1)">this</a>', 'Read this'],
    ['&lt;script&gt;alert(1)&lt;/script&gt;Hi', 'Hi'],
    ['a < b > c\nsecond line', 'a < b > c\nsecond line'],
    ['  <b>Bold</b> words  ', 'Bold words'],
  ])('reads %j as %j', (text, plain) => {
    expect(toPlainText(text)).toBe(plain);
  });
});
