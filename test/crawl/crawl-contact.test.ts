// Who the crawler names: CRAWL_CONTACT, else the profile's http.contact; an e-mail address (named
// as mailto:) or an http(s) URL, nothing that could break out of the User-Agent header.
import test from 'ava';
import { NoCrawlContact, validContact, withCrawlContact } from '../../pipeline/crawl-contact.ts';
import { userAgentOf } from '../../pipeline/http.ts';
import { testConfig } from '../pipeline/fixtures.ts';

test('an e-mail address or an http(s) URL is a contact; anything else is refused with how to set one', (t) => {
  t.is(validContact('ops@care.example'), 'mailto:ops@care.example');
  t.is(validContact('mailto:ops@care.example'), 'mailto:ops@care.example');
  t.is(validContact('https://care.example/contact'), 'https://care.example/contact');
  for (const bad of ['call the front desk', 'ftp://care.example/ops', 'ops@', 'https://care.example/a)(b', 'ops@care.example\r\nX-Evil: 1', 'javascript:alert(1)']) {
    const error = t.throws(() => validContact(bad), { instanceOf: NoCrawlContact });
    t.regex(error!.message, /set CRAWL_CONTACT=<an e-mail address or an https:\/\/ URL/);
    t.false(error!.message.includes('\n'), 'one line');
  }
});

test('CRAWL_CONTACT comes before the config\'s contact; with neither, no contact, and the User-Agent carries the one chosen', (t) => {
  const config = testConfig({ http: { ...testConfig().http, contact: 'mailto:config@care.example' } });
  t.is(withCrawlContact(config, { CRAWL_CONTACT: 'https://care.example/ops' }).http.contact, 'https://care.example/ops');
  t.is(withCrawlContact(config, {}).http.contact, 'mailto:config@care.example');
  t.is(userAgentOf(withCrawlContact(config, {}).http), 'test (+mailto:config@care.example)');
  t.throws(() => withCrawlContact(testConfig(), { CRAWL_CONTACT: '  ' }), { instanceOf: NoCrawlContact, message: /names no contact/ });
});
