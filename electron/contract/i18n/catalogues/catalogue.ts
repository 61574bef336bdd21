// The Catalogue view: the marketplace's products and their fields.
import type { Messages } from '../messages';

export const en = {
  'catalogue.title': 'Catalogue',
  'catalogue.search': 'Search products',
  'catalogue.type': 'Marketplace type',
  'catalogue.allTypes': 'All types',
  'catalogue.gold': 'Gold',
  'catalogue.account': 'Account',
  'catalogue.activeOnly': 'Active only',
  'catalogue.products': 'Products',
  'catalogue.inactive': 'inactive',
  'catalogue.offerCount': '{count, plural, one {# offer} other {# offers}}',
  'catalogue.loading': 'Loading…',
  'catalogue.noMatch': 'No products match.',
  'catalogue.choose': 'Choose a product to see its fields.',
} as const;

export const ru: Messages<typeof en> = {
  'catalogue.title': 'Каталог',
  'catalogue.search': 'Поиск товаров',
  'catalogue.type': 'Тип на маркетплейсе',
  'catalogue.allTypes': 'Все типы',
  'catalogue.gold': 'Золото',
  'catalogue.account': 'Аккаунт',
  'catalogue.activeOnly': 'Только активные',
  'catalogue.products': 'Товары',
  'catalogue.inactive': 'неактивен',
  'catalogue.offerCount':
    '{count, plural, one {# предложение} few {# предложения} many {# предложений} other {# предложения}}',
  'catalogue.loading': 'Загрузка…',
  'catalogue.noMatch': 'Подходящих товаров нет.',
  'catalogue.choose': 'Выберите товар, чтобы увидеть его поля.',
};
