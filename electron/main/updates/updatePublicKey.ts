// The public half of the key Seller Desk releases sign their update feeds with
// (updateSignature.ts). Its private half is the release workflow's UPDATE_SIGNING_KEY secret.
// `npx tsx build/scripts/sign-updates.ts --new-key FILE` makes a new pair and rewrites this file.
export const UPDATE_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEA+AbY6Qca2KuUdOYnQ5UN/KIcsedSiDAoAOCUyFfelag=
-----END PUBLIC KEY-----`;
