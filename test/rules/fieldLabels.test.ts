// The one label map: every API field path a rule or the marketplace names comes out as the label
// the seller sees in the form, and the messages lose their API-key wording.
import { describe, expect, it } from 'vitest';
import { validateOfferWrite } from '../../electron/contract/rules';
import {
  fieldLabel,
  problemReason,
  reasonBesideField,
  sellerProblem,
} from '../../electron/contract/rules/fieldLabels';
import { demoProducts } from '../../electron/sandbox/seed';
import { attentionTitle } from '../../electron/core/usecases/sync/attention';

import { internalWordsIn } from '../e2e/internalWords';

const valorant = demoProducts().find((p) => p.title === 'Valorant Accounts')!;
const wowClassic = demoProducts().find((p) => p.id === 1)!;

describe('field paths → the labels the seller sees', () => {
  it('names write fields, batch paths, product fields, accounts and screenshots', () => {
    expect(fieldLabel('outer_name')).toBe('Name shown to buyers');
    expect(fieldLabel('offers.0.outer_name')).toBe('Name shown to buyers');
    expect(fieldLabel('offers.12.price_per_step')).toBe('Price per step');
    expect(fieldLabel('min_purchase_amount')).toBe('Min purchase amount');
    const rank = valorant.product_fields.find((f) => f.title === 'Rank')!;
    expect(fieldLabel(`offers.3.data.${rank.id}`, valorant)).toBe('Rank');
    expect(fieldLabel(`data.${rank.id}`)).toBe('A product field');
    expect(fieldLabel('credentials.1.email_password')).toBe('Account 2: Email password');
    expect(fieldLabel('screenshots.0')).toBe('Screenshot 1');
    expect(fieldLabel('some_new_field')).toBe('Some new field');
    expect(fieldLabel('(offer)')).toBe('');
    expect(fieldLabel('line')).toBe('');
    expect(
      sellerProblem({ field: 'game_password', message: 'The game password field is required.' }),
    ).toBe('Game password: required');
  });

  it('turns the rules’ API wording into label and reason', () => {
    expect(
      sellerProblem({ field: 'outer_name', message: 'The outer name field is required.' }),
    ).toBe('Name shown to buyers: required');
    expect(
      sellerProblem({
        field: 'offers.0.outer_name',
        message: 'The outer name field is for account offers only.',
      }),
    ).toBe('Name shown to buyers: for account offers only');
    expect(
      sellerProblem({
        field: 'min_purchase_amount',
        message: "The min purchase amount must be at least the product's step size (1000).",
      }),
    ).toBe("Min purchase amount: must be at least the product's step size (1000)");
    expect(
      sellerProblem({ field: 'data.1006', message: 'The field "Account title" is required.' }),
    ).toBe('Account title: required');
    expect(sellerProblem({ field: '(offer)', message: 'A sold offer cannot change status.' })).toBe(
      'A sold offer cannot change status.',
    );
    expect(problemReason('price_per_step', 'The price per step field must be at least 0.1.')).toBe(
      'must be at least 0.1',
    );
    expect(reasonBesideField('outer_name', 'The outer name field is required.')).toBe('Required.');
    // Words the marketplace may send that name no field are kept as they are.
    expect(reasonBesideField('screenshots.0', 'The link is not an image.')).toBe(
      'The link is not an image.',
    );
  });

  it('leaves no API key in any problem the offer rules can raise', () => {
    const gold = validateOfferWrite(
      {
        marketplace_type: 2,
        price_per_step: 0,
        amount: 0,
        min_purchase_amount: 1,
        outer_name: 'x',
        internal_name: 'y',
        description: 'z',
        booster_price: 1,
        credential_system_type_id: 9,
        status: 1,
        data: { '999': 'x' },
      },
      wowClassic,
      'create',
    );
    const account = validateOfferWrite(
      {
        marketplace_type: 2,
        price_per_step: 0.01,
        amount: 2,
        min_purchase_amount: 2,
        outer_name: 'x'.repeat(5000),
        booster_price: 5,
        data: {},
      },
      valorant,
      'create',
    );
    const problems = [...gold, ...account];
    expect(problems.length).toBeGreaterThan(10);
    for (const p of problems) {
      const text = sellerProblem(p, p.field.startsWith('data.') ? null : undefined);
      expect(internalWordsIn(text), `${p.field}: ${p.message}`).toEqual([]);
      expect(text).not.toMatch(/_/);
      expect(text).not.toMatch(/^The .* field/);
    }
  });
});

describe('attention titles', () => {
  const row = { outerName: '', internalName: '', productTitle: 'WoW Retail Gold' };
  it('names an offer by its name, else product and marketplace id', () => {
    expect(attentionTitle({ ...row, outerName: 'Diamond EU', serverId: 1005 })).toBe('Diamond EU');
    expect(attentionTitle({ ...row, serverId: 1002 })).toBe('WoW Retail Gold #1002');
  });
  it('says a new offer is new, never its local row', () => {
    const title = attentionTitle({ ...row, serverId: null });
    expect(title).toBe('WoW Retail Gold: new offer (not yet on the marketplace)');
    expect(title).not.toMatch(/#/);
    expect(internalWordsIn(title)).toEqual([]);
  });
});
