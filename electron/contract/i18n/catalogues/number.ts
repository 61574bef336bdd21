// What a number field says when the text typed is not a number in the seller's language.
import type { Messages } from '../messages';

export const en = {
  'number.empty': 'Enter a number.',
  'number.notANumber': '“{text}” is not a number.',
  'number.ambiguousComma':
    '“{text}” is unclear: for one thousand write {thousand}, for a decimal use a dot ({decimal}).',
  'number.twoSeparators': '“{text}” has more than one decimal separator.',
} as const;

export const ru: Messages<typeof en> = {
  'number.empty': 'Введите число.',
  'number.notANumber': '«{text}» — не число.',
  'number.ambiguousComma':
    '«{text}» неоднозначно: тысячу пишите как {thousand}, дробную часть — через точку ({decimal}).',
  'number.twoSeparators': 'В «{text}» больше одного десятичного разделителя.',
} as const;
