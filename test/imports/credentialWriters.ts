// Writers of account files in every supported format, for round-trip and fuzz tests.
import type { CredentialInput } from '../../electron/contract/marketplace/wire';
import { formatDelimited } from '../../electron/core/imports/text/delimited';
import { writeWorkbook } from '../../electron/core/imports/sheets/xlsx';

export function linesFile(list: readonly CredentialInput[], separator: string): string {
  return list
    .map((c) => {
      const fields = [c.login, c.game_password, c.email ?? '', c.email_password ?? ''];
      if (c.comment) fields.push(c.comment);
      while (fields.length > 2 && fields.at(-1) === '') fields.pop();
      return fields.join(separator);
    })
    .join('\n');
}

const HEADER = ['login', 'password', 'email', 'email_password', '2fa', 'comment'];

function cells(c: CredentialInput): string[] {
  const twoFactor = c.is_2fa_active === true ? 'yes' : c.is_2fa_active === false ? 'no' : '';
  return [
    c.login,
    c.game_password,
    c.email ?? '',
    c.email_password ?? '',
    twoFactor,
    c.comment ?? '',
  ];
}

export function csvFile(list: readonly CredentialInput[], delimiter: string): string {
  return formatDelimited([HEADER, ...list.map(cells)], delimiter);
}

export function jsonFile(list: readonly CredentialInput[]): string {
  return JSON.stringify(
    list.map((c) => ({
      login: c.login,
      game_password: c.game_password,
      email: c.email,
      email_password: c.email_password,
      is_2fa_active: c.is_2fa_active,
      comment: c.comment,
    })),
  );
}

export function xlsxFile(list: readonly CredentialInput[]): Promise<Buffer> {
  return writeWorkbook([
    {
      name: 'Accounts',
      rows: [
        HEADER,
        ...list.map((c) => [
          c.login,
          c.game_password,
          c.email ?? null,
          c.email_password ?? null,
          c.is_2fa_active ?? null,
          c.comment ?? null,
        ]),
      ],
    },
  ]);
}
