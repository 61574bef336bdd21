// What a change or an import does beyond the field it writes (contract/rules/consequenceWords.ts):
// the import's forecast for its new offers, the lines' before and after, and what we expect the
// marketplace to refuse. The English is the core's own, which the command line prints.
import type { Messages } from '../messages';

export const en = {
  'consequences.forecast.gold':
    '{count, plural, one {# new offer goes} other {# new offers go}} live (Active) once the marketplace accepts them.',
  'consequences.forecast.multiple':
    '{count, plural, one {# new offer will be} other {# new offers will be}} Not Active: with the credential system Multiple and no credentials yet they stay hidden. Add their credentials before they are sent and they go with them, to review (On Review).',
  'consequences.forecast.none':
    '{count, plural, one {# new offer without a credential system goes} other {# new offers without a credential system go}} to review (On Review).',
  'consequences.price': 'price {price}',
  'consequences.otherFields': '{count, plural, one {# other field} other {# other fields}}',
  'consequences.removedHere': 'removed here (never sent)',
  'consequences.deletedThere': 'deleted on the marketplace',
  'consequences.goneOffer': 'An offer that no longer exists',
  'consequences.expect.sold':
    'We expect a sold offer to keep its status ({count, plural, one {# offer} other {# offers}}).',
  'consequences.expect.needsDetails':
    'We expect an offer that needs details to go only to Draft or On Review ({count, plural, one {# offer} other {# offers}}).',
  'consequences.expect.screenshot':
    'We expect an account offer to need at least one screenshot before review ({count, plural, one {# offer} other {# offers}}).',
  'consequences.expect.other': '{sentence} ({count, plural, one {# offer} other {# offers}}).',
  'consequences.expect.tail':
    "The marketplace's rules here are not published, so these changes are sent anyway: it decides, and a refusal shows with its reason.",
} as const;

const offers =
  '{count, plural, one {# предложение} few {# предложения} many {# предложений} other {# предложения}}';

export const ru: Messages<typeof en> = {
  'consequences.forecast.gold':
    '{count, plural, one {# новое предложение начнёт} few {# новых предложения начнут} many {# новых предложений начнут} other {# нового предложения начнут}} продаваться (Активно), как только маркетплейс их примет.',
  'consequences.forecast.multiple':
    '{count, plural, one {# новое предложение будет неактивным} few {# новых предложения будут неактивными} many {# новых предложений будут неактивными} other {# нового предложения будут неактивными}}: с системой выдачи «Несколько» и без данных для выдачи они скрыты. Добавьте их данные для выдачи до отправки — и они уйдут вместе с ними на проверку (На проверке).',
  'consequences.forecast.none':
    '{count, plural, one {# новое предложение без системы выдачи уйдёт} few {# новых предложения без системы выдачи уйдут} many {# новых предложений без системы выдачи уйдут} other {# нового предложения без системы выдачи уйдут}} на проверку (На проверке).',
  'consequences.price': 'цена {price}',
  'consequences.otherFields':
    '{count, plural, one {ещё # поле} few {ещё # поля} many {ещё # полей} other {ещё # поля}}',
  'consequences.removedHere': 'удалено здесь (не отправлялось)',
  'consequences.deletedThere': 'удалено на маркетплейсе',
  'consequences.goneOffer': 'Предложение, которого больше нет',
  'consequences.expect.sold': `Мы ожидаем, что проданное предложение сохранит свой статус (${offers}).`,
  'consequences.expect.needsDetails': `Мы ожидаем, что предложение, которому нужны данные, перейдёт только в «Черновик» или «На проверке» (${offers}).`,
  'consequences.expect.screenshot': `Мы ожидаем, что предложению аккаунта для проверки нужен хотя бы один скриншот (${offers}).`,
  'consequences.expect.other': `{sentence} (${offers}).`,
  'consequences.expect.tail':
    'Правила маркетплейса здесь не опубликованы, поэтому изменения всё равно отправляются: решает маркетплейс, а отказ появится с его причиной.',
};
