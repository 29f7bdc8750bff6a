// The corrections form that every record's `links.corrections` deep-links to:
// `/corrections?license=<license>&field=<field>`, prefilled with the home and the field. It asks
// what is wrong, what the record should say and, optionally, a source link; never a name, phone
// or e-mail. A submission is stored in the operator store for review and nowhere else.
import { CLEARANCE_KEYS } from '../../contract/facts.ts';
import { fill, say, wordsIn } from '../words/catalog.ts';
import { CORRECTION_FIELD_WORDS, CORRECTION_WORDS } from '../words/correction-words.ts';
import { APPROVAL_LABEL_WORDS } from '../words/home-words.ts';
import { pathIn, type Language } from '../words/language.ts';
import { LIST_WORDS } from '../words/list-words.ts';
import { licenseNumberFrom } from '../../contract/names.ts';
import { KIND_WORDS, screenText, type PersonalDetailKind } from '../screen/screen.ts';
import { formText, printable } from '../web/form-guard.ts';
import { NOT_SAVED, type NewCorrection } from '../operator/writes.ts';
import { facilityByLicense, type FacilityRow } from '../records/query.ts';
import type { Snapshot } from '../records/snapshot.ts';
import { html } from '../web/html.ts';
import { homePagePath } from '../web/links.ts';
import { STATE_SEARCH_URL } from '../web/layout.ts';
import { placeWords } from '../shape/home-view.ts';
import { NO_STORE, type PageDoc } from '../web/page.ts';
import { FORM_TOOLS } from '../web/agent-tools.ts';

/** The fields a correction can be about, in the order the form lists them. */
export const CORRECTION_FIELDS: ReadonlyArray<[key: string, label: string]> = correctionFields('en');

/** The same choices, labelled in a language. */
function correctionFields(language: Language): Array<[key: string, label: string]> {
  const w = wordsIn(CORRECTION_FIELD_WORDS, language);
  return [
    ['name', w.name],
    ['address', w.address],
    ['phone', w.phone],
    ['licensee', w.licensee],
    ['capacity', w.capacity],
    ['license_status', w.license_status],
    ...CLEARANCE_KEYS.map((key): [string, string] => [key, fill(w.careApproval, { label: say(APPROVAL_LABEL_WORDS[key], language) })]),
    ['alw_participation', say(APPROVAL_LABEL_WORDS.alw_participation, language)],
    ['service_designations', w.service_designations],
    ['last_state_visit', w.last_state_visit],
    ['state_documents', w.state_documents],
    ['price', w.price],
    ['location', w.location],
    ['other', w.other],
  ];
}

const FIELD_KEYS = new Set(CORRECTION_FIELDS.map(([key]) => key));

/** A field as links write it (`clearances.dementia`, `wheelchair`), or null when unknown. */
export function correctionField(raw: string | undefined): string | null {
  if (!raw) return null;
  let key = raw.trim().toLowerCase().replace(/^clearances\./, '').replace(/-/g, '_');
  if (key === 'wheelchair') key = 'non_ambulatory';
  if (key === 'licensed_name') key = 'name';
  if (key === 'alw' || key === 'medi_cal_alw' || key === 'waiver') key = 'alw_participation';
  if (key === 'reports') key = 'state_documents';
  return FIELD_KEYS.has(key) ? key : null;
}

export const TEXT_MAX = 2000;
export const URL_MAX = 500;

/**
 * Personal details a correction never needs: no record field holds an e-mail, an ID number or a
 * birth date, and a phone number belongs only in a correction of the home's phone. Names and
 * addresses stay allowed: the home's name, its license holder and its address are record fields.
 */
const REFUSED_KINDS = new Set<PersonalDetailKind>(['email', 'id_number', 'birth_date', 'phone']);
const PHONE_FIELDS = new Set(['phone', 'other']);

const REFUSED_KINDS_BUT_PHONE = new Set([...REFUSED_KINDS].filter((kind) => kind !== 'phone'));

function personalDetailIn(text: string, field: string | null): string | null {
  const refused = field !== null && PHONE_FIELDS.has(field) ? REFUSED_KINDS_BUT_PHONE : REFUSED_KINDS;
  const kind = text ? screenText(text, refused) : null;
  return kind && KIND_WORDS[kind];
}

/** What the form is prefilled with: any part of a correction (a field not known is null). */
export type CorrectionInput = Partial<Omit<NewCorrection, 'field'>> & { field?: string | null };

/** A correction as stored, with the home's row in place of its license number. */
export interface ValidCorrection extends Omit<NewCorrection, 'license'> {
  row: FacilityRow;
}

/** Reads and checks a submitted form; every problem at once, in words. */
export function readCorrection(
  snapshot: Snapshot,
  payload: unknown,
  language: Language = 'en',
): { ok: true; value: ValidCorrection } | { ok: false; errors: string[]; input: CorrectionInput } {
  const w = wordsIn(CORRECTION_WORDS, language);
  const errors: string[] = [];
  const licenseText = formText(payload, 'license', 40);
  const fieldText = formText(payload, 'field', 60);
  const whatIsWrong = formText(payload, 'what_is_wrong', TEXT_MAX + 200);
  const shouldSay = formText(payload, 'should_say', TEXT_MAX + 200);
  const sourceText = formText(payload, 'source_url', URL_MAX + 50);

  const license = typeof licenseText === 'string' ? licenseNumberFrom(licenseText) : null;
  const row = license ? facilityByLicense(snapshot, license) : undefined;
  if (!row) errors.push(w.errLicense);
  const field = typeof fieldText === 'string' ? correctionField(fieldText) : null;
  if (!field) errors.push(w.errField);
  const text = (value: string | null | undefined, missing: string, tooLong: string) => {
    if (typeof value !== 'string' || value.length === 0) {
      errors.push(missing);
      return '';
    }
    if (value.length > TEXT_MAX || !printable(value, true)) {
      errors.push(fill(tooLong, { max: TEXT_MAX }));
      return '';
    }
    return value;
  };
  const wrong = text(whatIsWrong, w.errWrong, w.errWrongLong);
  const should = text(shouldSay, w.errShould, w.errShouldLong);
  const personal = personalDetailIn(wrong, field) ?? personalDetailIn(should, field);
  // The kind of detail is named in English (the screen's words) inside the Spanish sentence.
  if (personal) errors.push(fill(w.errPersonal, { kind: personal }));
  let sourceUrl: string | null = null;
  if (sourceText === null || sourceText) {
    const readable = typeof sourceText === 'string' && sourceText.length <= URL_MAX && printable(sourceText) && URL.canParse(sourceText);
    const parsed = readable ? new URL(sourceText) : null;
    if (parsed?.protocol === 'https:' || parsed?.protocol === 'http:') sourceUrl = parsed.href;
    else errors.push(fill(w.errSource, { max: URL_MAX }));
  }
  if (errors.length > 0 || !row || !field) {
    return {
      ok: false,
      errors,
      input: {
        license: row?.license_number ?? (typeof licenseText === 'string' ? licenseText.slice(0, 40) : undefined),
        field,
        whatIsWrong: typeof whatIsWrong === 'string' ? whatIsWrong.slice(0, TEXT_MAX) : '',
        shouldSay: typeof shouldSay === 'string' ? shouldSay.slice(0, TEXT_MAX) : '',
        sourceUrl: typeof sourceText === 'string' ? sourceText.slice(0, URL_MAX) : '',
      },
    };
  }
  return { ok: true, value: { row, field, whatIsWrong: wrong, shouldSay: should, sourceUrl } };
}

function homeLine(baseUrl: string, row: FacilityRow, language: Language) {
  const place = placeWords(row.city, row.county, language);
  const license = say(LIST_WORDS.license, language, { license: row.license_number });
  return html`<a href="${`${baseUrl}${pathIn(language, homePagePath(row.name, row.license_number))}`}">${row.name}</a> (${license}${place ? html`, ${place}` : ''})`;
}

/** The form, prefilled from the link (GET) or from a submission that needs fixing (POST). */
export function correctionsFormPage(
  baseUrl: string,
  snapshot: Snapshot,
  input: CorrectionInput,
  errors: string[] = [],
  notSaved = false,
  language: Language = 'en',
): PageDoc {
  const w = wordsIn(CORRECTION_WORDS, language);
  const license = input.license ? licenseNumberFrom(input.license) : null;
  const row = license ? facilityByLicense(snapshot, license) : undefined;
  const field = input.field ?? null;
  const body = html`<h1>${w.heading}</h1>
${
  errors.length > 0
    ? html`<div class="note error" role="alert" id="problems"><h2>${errors.length === 1 ? w.fixThis : w.fixThese}</h2><ul>${errors.map((error) => html`<li>${error}</li>`)}</ul></div>`
    : ''
}
${notSaved ? html`<div class="note error" role="alert" id="not-saved"><p>${NOT_SAVED}</p></div>` : ''}
<p>${w.intro}</p>
<p class="note"><strong>${w.noPersonal}</strong> ${w.noReply}</p>
<form method="post" action="${baseUrl}${pathIn(language, '/corrections')}" toolname="${FORM_TOOLS.corrections.name}" tooldescription="${FORM_TOOLS.corrections.description}">
${
  row
    ? html`<p>${w.home} ${homeLine(baseUrl, row, language)}</p><input type="hidden" name="license" value="${row.license_number}" toolparamdescription="${FORM_TOOLS.corrections.params.license}">`
    : html`<label for="license">${w.licenseLabel}</label>
<input type="text" id="license" name="license" inputmode="numeric" autocomplete="off" maxlength="40" required value="${input.license ?? ''}" aria-describedby="license-hint" toolparamdescription="${FORM_TOOLS.corrections.params.license}">
<p class="hint" id="license-hint">${w.licenseHint}</p>`
}
<label for="field">${w.fieldLabel}</label>
<select id="field" name="field" required toolparamdescription="${FORM_TOOLS.corrections.params.field}">
  <option value=""${field ? '' : html` selected`}>${w.chooseOne}</option>
  ${correctionFields(language).map(([key, label]) => html`<option value="${key}"${key === field ? html` selected` : ''}>${label}</option>`)}
</select>
<label for="what_is_wrong">${w.wrongLabel}</label>
<textarea id="what_is_wrong" name="what_is_wrong" rows="4" maxlength="${TEXT_MAX}" required toolparamdescription="${FORM_TOOLS.corrections.params.what_is_wrong}">${input.whatIsWrong ?? ''}</textarea>
<label for="should_say">${w.shouldLabel}</label>
<textarea id="should_say" name="should_say" rows="4" maxlength="${TEXT_MAX}" required toolparamdescription="${FORM_TOOLS.corrections.params.should_say}">${input.shouldSay ?? ''}</textarea>
<label for="source_url">${w.sourceLabel}</label>
<input type="url" id="source_url" name="source_url" maxlength="${URL_MAX}" autocomplete="off" value="${input.sourceUrl ?? ''}" aria-describedby="source-hint" toolparamdescription="${FORM_TOOLS.corrections.params.source_url}">
<p class="hint" id="source-hint">${w.sourceHint}</p>
<p><button type="submit">${w.send}</button></p>
</form>
<h2>${w.stateWrong}</h2>
<p>${w.stateWrongText} <a href="${STATE_SEARCH_URL}">${w.facilitySearch}</a>.</p>`;
  return {
    title: w.title,
    description: w.description,
    canonicalUrl: `${baseUrl}${pathIn(language, '/corrections')}`,
    language,
    body,
    cacheControl: NO_STORE,
    noindex: true,
    status: notSaved ? 503 : errors.length > 0 ? 400 : 200,
  };
}

export function correctionStoredPage(baseUrl: string, correction: ValidCorrection, language: Language = 'en'): PageDoc {
  const w = wordsIn(CORRECTION_WORDS, language);
  const label = correctionFields(language).find(([key]) => key === correction.field)?.[1] ?? correction.field;
  return {
    title: w.storedTitle,
    description: w.storedDescription,
    canonicalUrl: `${baseUrl}${pathIn(language, '/corrections')}`,
    language,
    cacheControl: NO_STORE,
    noindex: true,
    body: html`<h1>${w.storedHeading}</h1>
<p>${w.about} ${homeLine(baseUrl, correction.row, language)}, ${label}.</p>
<p>${w.storedText}</p>
<p><a href="${`${baseUrl}${pathIn(language, homePagePath(correction.row.name, correction.row.license_number))}`}">${w.backToHome}</a></p>`,
  };
}
