import { describe, expect, it } from 'vitest';
import { customCssProblem, FORM_ROOT_SELECTOR as R, scopeCustomCss } from './custom-css.ts';

describe('scopeCustomCss', () => {
  it('puts every rule under the form root, page roots becoming the root itself', () => {
    expect(scopeCustomCss('button, .tile:is(.a, .b) { color: red; } body { margin: 0 }')).toBe(
      `${R} button, ${R} .tile:is(.a, .b) { color: red; } ${R} { margin: 0 }`,
    );
    expect(scopeCustomCss(':root{--x:1}')).toBe(`${R}{--x:1}`);
    // Only a leading page root is replaced, not the same letters later in the selector.
    expect(scopeCustomCss('body .tbody-row, html.dark .a { color: red }')).toBe(
      `${R} .tbody-row, ${R}.dark .a { color: red }`,
    );
  });

  it('scopes inside @media and @supports, keeps @keyframes as written, drops @import and comments', () => {
    const css =
      '@import url(https://evil.test/x.css); /* note */ @media (max-width: 400px) { .a { top: 0 } }\n@supports (display: grid) { .g { display: grid } }\n@keyframes spin { from { opacity: 0 } to { opacity: 1 } }';
    expect(scopeCustomCss(css)).toBe(
      `@media (max-width: 400px) { ${R} .a { top: 0 } }\n@supports (display: grid) { ${R} .g { display: grid } }\n@keyframes spin { from { opacity: 0 } to { opacity: 1 } }`,
    );
  });

  it('is not fooled by braces inside strings', () => {
    expect(scopeCustomCss('.a::after { content: "}"; color: blue }')).toBe(
      `${R} .a::after { content: "}"; color: blue }`,
    );
  });

  it('drops what the save check refuses from CSS saved before it, and serves nothing it cannot read', () => {
    expect(
      scopeCustomCss(
        '.a { color: red; background: url(https://evil.test/t.png); width: expression(alert(1)); behavior: url(x.htc) }',
      ),
    ).toBe(`${R} .a { color: red }`);
    expect(scopeCustomCss('.a { color: red')).toBe('');
    expect(scopeCustomCss('.a { content: "</style><script>alert(1)</script>" }')).not.toContain('<');
  });
});

describe('customCssProblem', () => {
  it('accepts ordinary CSS with its own files and inline raster images', () => {
    expect(
      customCssProblem(
        '@media (max-width: 400px) { .a { background: url("/uploads/1/a.png") } }\n.b { background: url(data:image/png;base64,iVBORw0KGgo=) }\n@font-face { font-family: Brand; src: url(/uploads/1/brand.woff2) }',
      ),
    ).toBeNull();
  });

  const elsewhere = (target: string) =>
    `Custom CSS can load files only from this site (a path such as /uploads/…) or a data: image, not ${target}. (line 1)`;
  const runsCode = (what: string) => `Custom CSS cannot use ${what}: it runs code in some browsers. (line 1)`;

  it.each([
    ['@import url(https://evil.test/x.css);', 'Custom CSS cannot load other style sheets (@import). (line 1)'],
    ['.a {}\n@import "x.css";', 'Custom CSS cannot load other style sheets (@import). (line 2)'],
    ['.a { background: url(https://evil.test/track.png) }', elsewhere('https://evil.test/track.png')],
    ['.a { background: url(//evil.test/t.png) }', elsewhere('//evil.test/t.png')],
    ['.a { background-image: image-set("https://evil.test/a.png" 1x) }', elsewhere('https://evil.test/a.png')],
    ['.a { background: url("data:image/svg+xml,x") }', elsewhere('data:image/svg+xml,x')],
    ['.a { width: expression(alert(1)) }', runsCode('expression()')],
    ['.a { width: e\\78pression(alert(1)) }', runsCode('expression()')],
    ['.a { behavior: url(x.htc) }', runsCode('behavior')],
    ['.a { -moz-binding: url(x.xml#x) }', runsCode('-moz-binding')],
    [
      '@namespace svg url(http://www.w3.org/2000/svg);',
      'Custom CSS cannot use @namespace. Use @media, @supports, @container, @layer, @keyframes or @font-face. (line 1)',
    ],
    ['.a { color: red', 'Custom CSS could not be read: Unclosed block (line 1, column 1).'],
    ['.a { color: red }\n}', 'Custom CSS could not be read: Unexpected } (line 2, column 1).'],
  ])('refuses %j', (css, message) => {
    expect(customCssProblem(css)).toBe(message);
  });
});
