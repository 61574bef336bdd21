// Words that must never reach the seller: a local row number, an API name or field key, a request
// line, a file-parsing internal. One list, used by the wording e2e flow (every view and dialog)
// and by the unit tests of the label map. A marketplace id ("Offer 1005") is fine: the seller can
// look it up; the demo's local rows are numbered below 1000.
export const INTERNAL_WORDS: readonly RegExp[] = [
  // "Offer 6 is waiting…", "Offer 6:" (not "offer 44 skins, PC", a name that starts with a number)
  /\b[Oo]ffer \d{1,3}(?=[.,:;)]|\s+(?:is|has|was|could|cannot|can|will|needs)\b|$)/m,
  /\blocal(?: id| row| offer)? #?\d+\b/i,
  /#L\d+\b|\bL\d+\b/,
  /\b(?:manage_offers|edit_status|add_batch|my_offers|external_api)\b/,
  /\b(?:outer_name|internal_name|price_per_step|min_purchase_amount|guarantee_delivery_time)\b/,
  /\b(?:booster_price|credential_system_type_id|marketplace_type|is_2fa_active|email_password)\b/,
  /\b(?:outer|internal) name field\b/i,
  /\boffers\.\d+\.|\bdata\.\d+\b|\bcredentials\.\d+\./,
  /\(offer\):?/,
  // A problem whose field had no label: ": 1 of 1 screenshot links…"
  /^[ \t]*: /m,
  /\bread as utf-?8\b|\bLINES,/i,
  /\b(?:GET|POST|PUT|PATCH|DELETE) \/\S+/,
  /\b(?:validation|forbidden|not_found|bad_response|network_not_sent|network_maybe_sent) —/,
  /some fields need fixing/,
  // A queued change told by its kind, or the API's field of a refused detach.
  /\(screenshot[ _](?:links|detach|upload)\)/i,
  /\bscreenshot[ _]url\b/i,
  // An HTTP status opening a line or cell ("422 Screenshot: …" in the Activity log).
  /(?:^|[\n\t])[1-5]\d\d (?=[A-ZА-ЯЁa-zа-яё])/,
  // The marketplace's success words that name a status by its number.
  /\bstatus changed to \d\b/i,
  // A product field's API id ("id 1201").
  /\bid \d+\b/,
  // How the app is built, not what the seller does.
  /\bmain process\b|основном процессе|Seller Desk's core|ядр[оау] Seller Desk/i,
  // A profile named by a host and a user id ("127.0.0.1-1", "api.marketplace.example-1201").
  /\b(?:\d{1,3}\.){3}\d{1,3}-\d+\b|\b[a-z][\w-]*\.[a-z]{2,}-\d+\b/,
];

/** The internal words a text contains, each with a little context, for a readable failure. */
export function internalWordsIn(text: string): string[] {
  return INTERNAL_WORDS.flatMap((pattern) => {
    const match = pattern.exec(text);
    if (!match) return [];
    const at = match.index;
    return [`${pattern.source} in "…${text.slice(Math.max(0, at - 40), at + 60)}…"`];
  });
}
