import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CommunityRulesText } from './community-rules';

/* The rules are Markdown, rendered as elements: never as HTML, whatever an admin typed. */

const render = (rules: string) => renderToString(<CommunityRulesText rules={rules} />);

describe('CommunityRulesText', () => {
  it('renders Markdown: bold, headings, lists and links', () => {
    const html = render('# Be kind\n\nNo **counterfeits**, *ever*.\n\n- one\n- two\n\n[Help](/help)');
    expect(html).toContain('<strong>counterfeits</strong>');
    expect(html).toContain('<em>ever</em>');
    expect(html).toMatch(/<h3[^>]*>Be kind<\/h3>/);
    expect(html).toMatch(/<ul[^>]*>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>/);
    expect(html).toMatch(/<a href="\/help"[^>]*rel="noopener noreferrer nofollow"[^>]*>Help<\/a>/);
    expect(html).not.toContain('<h1');
  });

  it('never renders raw HTML, scripts, script links or images', () => {
    const html = render(
      [
        '<script>alert(1)</script>',
        '',
        'Hello <img src=x onerror="alert(2)"> <b>raw</b>',
        '',
        '[click](javascript:alert(3)) ![pixel](https://tracker.example/p.gif)',
        '',
        '<div onclick="alert(4)">block</div>',
      ].join('\n'),
    );
    expect(html).not.toMatch(/<script|<img|<b>|<div onclick|onerror|javascript:/i);
    expect(html).not.toContain('tracker.example');
    expect(html).toContain('Hello');
  });
});
