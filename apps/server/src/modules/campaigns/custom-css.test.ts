import { describe, expect, it } from 'vitest';
import { FORM_ROOT_SELECTOR as R, scopeCustomCss } from './custom-css.ts';

describe('scopeCustomCss', () => {
  it('puts every rule under the form root, page roots becoming the root itself', () => {
    expect(scopeCustomCss('button, .tile:is(.a, .b) { color: red; } body { margin: 0 }')).toBe(
      `${R} button, ${R} .tile:is(.a, .b) { color: red; }\n${R} { margin: 0 }\n`,
    );
    expect(scopeCustomCss(':root{--x:1}')).toBe(`${R} {--x:1}\n`);
  });

  it('scopes inside @media, keeps @keyframes as written, drops @import and comments', () => {
    const css =
      '@import url(https://evil.test/x.css); /* note */ @media (max-width: 400px) { .a { top: 0 } }\n@keyframes spin { from { opacity: 0 } to { opacity: 1 } }';
    expect(scopeCustomCss(css)).toBe(
      `@media (max-width: 400px) {\n${R} .a { top: 0 }\n}\n@keyframes spin { from { opacity: 0 } to { opacity: 1 } }\n`,
    );
  });

  it('is not fooled by braces inside strings', () => {
    expect(scopeCustomCss('.a::after { content: "}"; color: blue }')).toBe(
      `${R} .a::after { content: "}"; color: blue }\n`,
    );
  });
});
