/**
 * What an invoice series' name can be, as SmartBill names its series (`SBL`, `FCT`, `fac`,
 * `SBL-PF`): ASCII letters, digits and hyphens. The name travels in SmartBill's query strings
 * (`seriesname=`), its PDF's file name (`factura<series><number>.pdf`) and our messages, so a
 * quote, a space, a line break or an invisible character has no business in it. SmartBill's
 * documentation gives no length; the form's existing bound is kept.
 */
export const SERIES_NAME_MAX_LENGTH = 50;

const SERIES_NAME = /^[A-Za-z0-9-]+$/;

export function isSeriesName(value: string): boolean {
  return value.length <= SERIES_NAME_MAX_LENGTH && SERIES_NAME.test(value);
}
