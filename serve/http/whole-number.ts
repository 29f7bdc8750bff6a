// Query-string integers read strictly: digits only. joi's own number conversion accepts '1e2',
// ' 1', '1.0' and '+1', which the spec refuses ("limit must be an integer ..."). The check runs in
// joi's prepare step, before its conversion, so the schema still describes an integer for OpenAPI.
import Joi from 'joi';

const DIGITS = /^\d{1,15}$/;

const strictJoi = Joi.extend({
  type: 'number',
  base: Joi.number(),
  prepare(value, helpers) {
    if (typeof value === 'string' && !DIGITS.test(value)) return { value, errors: [helpers.error('number.base')] };
    return undefined;
  },
});

/** An integer in [min, max] that a query string must spell as plain digits; every failure reads `message`. */
export function wholeNumber(min: number, max: number, message: string): Joi.NumberSchema {
  return (strictJoi.number() as Joi.NumberSchema).integer().min(min).max(max).messages({ '*': message });
}
