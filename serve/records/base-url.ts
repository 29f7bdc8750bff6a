// Stored JSON carries {base_url} where its URLs start; this puts the server's address there.
import { BASE_URL_TOKEN } from '../../contract/records.ts';

export class BaseUrlFiller {
  private readonly jsonSafeBaseUrl: string;

  constructor(readonly baseUrl: string) {
    this.jsonSafeBaseUrl = JSON.stringify(baseUrl).slice(1, -1);
  }

  /** Stored JSON text with the server's address in place of the token. */
  fillText(text: string): string {
    return text.replaceAll(BASE_URL_TOKEN, this.jsonSafeBaseUrl);
  }
}
