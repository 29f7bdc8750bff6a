// The page shell's escaping: nothing interpolated reaches a page as markup.
import test from 'ava';
import { html, escapeHtml } from '../serve/web/html.ts';
import { layout } from '../serve/web/layout.ts';

test('interpolated values are escaped; nested html passes through', (t) => {
  const name = `<script>alert("x")</script> & O'Brien`;
  t.is(html`<p>${name}</p>`.value, '<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; O&#39;Brien</p>');
  t.is(html`<ul>${['a<', 'b'].map((item) => html`<li>${item}</li>`)}</ul>`.value, '<ul><li>a&lt;</li><li>b</li></ul>');
  t.is(escapeHtml('"\''), '&quot;&#39;');
});

test('every page carries the state attribution, the not-official statement and the terms link', (t) => {
  const page = layout({ baseUrl: 'https://example.test', title: 'T <x>', description: 'd', canonicalUrl: 'https://example.test/p', body: html`<p>body</p>` });
  t.true(page.includes('California Department of Social Services, Community Care Licensing Division'));
  t.true(page.includes('modified, not official'));
  t.true(page.includes('href="https://example.test/terms"'));
  t.true(page.includes('<title>T &lt;x&gt; | '));
  t.regex(page, /<html lang="en">/);
});
