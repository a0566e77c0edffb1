import { describe, expect, it } from 'vitest';
import { buildEmbedSnippet, escapeHtmlAttribute } from './embed-snippet.ts';

describe('buildEmbedSnippet', () => {
  it('gives the iframe and the resize script, exactly', () => {
    expect(buildEmbedSnippet('https://give.example.org', 42, 'Spring Appeal')).toBe(
      '<iframe src="https://give.example.org/campaign-embed/42" title="Donate to Spring Appeal" data-kindling-embed style="width:100%;max-width:480px;border:0;" loading="lazy"></iframe>\n<script async src="https://give.example.org/embed.js"></script>',
    );
  });

  it('escapes the campaign name so it cannot leave the title attribute', () => {
    const snippet = buildEmbedSnippet('http://127.0.0.1:3000', 7, 'Tom & Jerry\'s "big" <gala>');
    expect(snippet).toContain('title="Donate to Tom &amp; Jerry&#39;s &quot;big&quot; &lt;gala&gt;"');
    expect(snippet.match(/<iframe/g)).toHaveLength(1);
    expect(escapeHtmlAttribute('a"b')).toBe('a&quot;b');
  });
});
