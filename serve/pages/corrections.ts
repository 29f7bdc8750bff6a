// The corrections form that every record's `links.corrections` deep-links to:
// `/corrections?license=<license>&field=<field>`, prefilled with the home and the field. It asks
// what is wrong, what the record should say and, optionally, a source link; never a name, phone
// or e-mail. A submission is stored in the operator store for review and nowhere else.
import { APPROVAL_LABELS, CLEARANCE_KEYS, WAIVER_LABEL } from '../../contract/facts.ts';
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
export const CORRECTION_FIELDS: ReadonlyArray<[key: string, label: string]> = [
  ['name', 'Name of the home'],
  ['address', 'Address'],
  ['phone', 'Phone number'],
  ['licensee', 'License holder'],
  ['capacity', 'Licensed beds'],
  ['license_status', 'License status'],
  ...CLEARANCE_KEYS.map((key): [string, string] => [key, `Care approval: ${APPROVAL_LABELS[key]}`]),
  ['alw_participation', WAIVER_LABEL],
  ['service_designations', 'Service designations'],
  ['last_state_visit', 'Last state visit'],
  ['state_documents', 'State reports and documents'],
  ['price', 'Starting rate'],
  ['location', 'Location on the map'],
  ['other', 'Something else'],
];

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
export function readCorrection(snapshot: Snapshot, payload: unknown): { ok: true; value: ValidCorrection } | { ok: false; errors: string[]; input: CorrectionInput } {
  const errors: string[] = [];
  const licenseText = formText(payload, 'license', 40);
  const fieldText = formText(payload, 'field', 60);
  const whatIsWrong = formText(payload, 'what_is_wrong', TEXT_MAX + 200);
  const shouldSay = formText(payload, 'should_say', TEXT_MAX + 200);
  const sourceText = formText(payload, 'source_url', URL_MAX + 50);

  const license = typeof licenseText === 'string' ? licenseNumberFrom(licenseText) : null;
  const row = license ? facilityByLicense(snapshot, license) : undefined;
  if (!row) errors.push('Enter the license number of a home on the state roster (nine digits).');
  const field = typeof fieldText === 'string' ? correctionField(fieldText) : null;
  if (!field) errors.push('Choose what the correction is about.');
  const text = (value: string | null | undefined, what: string) => {
    if (typeof value !== 'string' || value.length === 0) {
      errors.push(`Say ${what}.`);
      return '';
    }
    if (value.length > TEXT_MAX || !printable(value, true)) {
      errors.push(`Say ${what} in at most ${TEXT_MAX} characters of plain text.`);
      return '';
    }
    return value;
  };
  const wrong = text(whatIsWrong, 'what is wrong');
  const should = text(shouldSay, 'what the record should say');
  const personal = personalDetailIn(wrong, field) ?? personalDetailIn(should, field);
  if (personal) {
    errors.push(
      `Your text looks like it contains ${personal}. Leave out personal details (yours or anyone's): describe what is wrong in the home's record and what it should say. ` +
        'We do not reply to corrections, so we never need your name, phone or e-mail.',
    );
  }
  let sourceUrl: string | null = null;
  if (sourceText === null || sourceText) {
    const readable = typeof sourceText === 'string' && sourceText.length <= URL_MAX && printable(sourceText) && URL.canParse(sourceText);
    const parsed = readable ? new URL(sourceText) : null;
    if (parsed?.protocol === 'https:' || parsed?.protocol === 'http:') sourceUrl = parsed.href;
    else errors.push(`The source link must be a web address starting with https:// or http://, at most ${URL_MAX} characters.`);
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

function homeLine(baseUrl: string, row: FacilityRow) {
  const place = placeWords(row.city, row.county);
  return html`<a href="${`${baseUrl}${homePagePath(row.name, row.license_number)}`}">${row.name}</a> (license ${row.license_number}${place ? html`, ${place}` : ''})`;
}

/** The form, prefilled from the link (GET) or from a submission that needs fixing (POST). */
export function correctionsFormPage(
  baseUrl: string,
  snapshot: Snapshot,
  input: CorrectionInput,
  errors: string[] = [],
  notSaved = false,
): PageDoc {
  const license = input.license ? licenseNumberFrom(input.license) : null;
  const row = license ? facilityByLicense(snapshot, license) : undefined;
  const field = input.field ?? null;
  const body = html`<h1>Report an error in a home's record</h1>
${
  errors.length > 0
    ? html`<div class="note error" role="alert" id="problems"><h2>Please fix ${errors.length === 1 ? 'this' : 'these'}</h2><ul>${errors.map((error) => html`<li>${error}</li>`)}</ul></div>`
    : ''
}
${notSaved ? html`<div class="note error" role="alert" id="not-saved"><p>${NOT_SAVED}</p></div>` : ''}
<p>Tell us what is wrong in a record on this site. We check every correction against the state's records. While we review a report about a care approval, that approval may read "not on file (under a correction review)".</p>
<p class="note"><strong>Do not include your name, phone number, e-mail address or anyone's health details.</strong> We do not need them, and we do not reply to corrections one by one.</p>
<form method="post" action="${baseUrl}/corrections" toolname="${FORM_TOOLS.corrections.name}" tooldescription="${FORM_TOOLS.corrections.description}">
${
  row
    ? html`<p>Home: ${homeLine(baseUrl, row)}</p><input type="hidden" name="license" value="${row.license_number}" toolparamdescription="${FORM_TOOLS.corrections.params.license}">`
    : html`<label for="license">License number of the home</label>
<input type="text" id="license" name="license" inputmode="numeric" autocomplete="off" maxlength="40" required value="${input.license ?? ''}" aria-describedby="license-hint" toolparamdescription="${FORM_TOOLS.corrections.params.license}">
<p class="hint" id="license-hint">Nine digits; it is on the home's page on this site.</p>`
}
<label for="field">What is the correction about?</label>
<select id="field" name="field" required toolparamdescription="${FORM_TOOLS.corrections.params.field}">
  <option value=""${field ? '' : html` selected`}>Choose one</option>
  ${CORRECTION_FIELDS.map(([key, label]) => html`<option value="${key}"${key === field ? html` selected` : ''}>${label}</option>`)}
</select>
<label for="what_is_wrong">What is wrong?</label>
<textarea id="what_is_wrong" name="what_is_wrong" rows="4" maxlength="${TEXT_MAX}" required toolparamdescription="${FORM_TOOLS.corrections.params.what_is_wrong}">${input.whatIsWrong ?? ''}</textarea>
<label for="should_say">What should the record say?</label>
<textarea id="should_say" name="should_say" rows="4" maxlength="${TEXT_MAX}" required toolparamdescription="${FORM_TOOLS.corrections.params.should_say}">${input.shouldSay ?? ''}</textarea>
<label for="source_url">A link to a source (optional)</label>
<input type="url" id="source_url" name="source_url" maxlength="${URL_MAX}" autocomplete="off" value="${input.sourceUrl ?? ''}" aria-describedby="source-hint" toolparamdescription="${FORM_TOOLS.corrections.params.source_url}">
<p class="hint" id="source-hint">For example the state's own page of the home, or a letter from the licensing office published online.</p>
<p><button type="submit">Send the correction</button></p>
</form>
<h2>When the state's own record is wrong</h2>
<p>This site shows the state licensing record. If the state's record itself is wrong, the home or its license holder can ask the state's licensing office to correct it. The official record is the state's <a href="${STATE_SEARCH_URL}">facility search</a>.</p>`;
  return {
    title: 'Report an error in a record',
    description: "Tell us what is wrong in a care home's record on this site.",
    canonicalUrl: `${baseUrl}/corrections`,
    body,
    cacheControl: NO_STORE,
    noindex: true,
    status: notSaved ? 503 : errors.length > 0 ? 400 : 200,
  };
}

export function correctionStoredPage(baseUrl: string, correction: ValidCorrection): PageDoc {
  const label = CORRECTION_FIELDS.find(([key]) => key === correction.field)?.[1] ?? correction.field;
  return {
    title: 'Correction received',
    description: 'Your correction is stored for review.',
    canonicalUrl: `${baseUrl}/corrections`,
    cacheControl: NO_STORE,
    noindex: true,
    body: html`<h1>Thank you: your correction is stored for review</h1>
<p>About: ${homeLine(baseUrl, correction.row)}, ${label}.</p>
<p>We check it against the state's records. If the record on this site changes, the home's page shows it; we do not reply to corrections one by one.</p>
<p><a href="${`${baseUrl}${homePagePath(correction.row.name, correction.row.license_number)}`}">Back to the home's page</a></p>`,
  };
}
