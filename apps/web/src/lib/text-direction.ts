/** Strong letters and the bidi marks that count as strong (LRM, RLM, ALM). */
const STRONG = /[\p{L}\u200E\u200F\u061C]/u;
/** Scripts written right to left, and the right-to-left marks. */
const RTL =
  /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}\u200F\u061C]/u;

/**
 * The direction of a text by its first strong letter, as dir="auto" decides it; undefined when it
 * has none (digits, emoji, punctuation only). For a block whose user text sits in <bdi>: dir="auto"
 * on the block would skip the <bdi> (on purpose, by the HTML rules) and so could not see that an
 * Arabic or Hebrew message should line up on the right.
 */
export function textDirection(text: string): 'ltr' | 'rtl' | undefined {
  const first = STRONG.exec(text)?.[0];
  if (first === undefined) return undefined;
  return RTL.test(first) ? 'rtl' : 'ltr';
}
