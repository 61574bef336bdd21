// electron-builder's afterSign hook: notarizes the signed macOS app when the release job provides
// Apple credentials (APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID); otherwise it says why
// it skipped, so that a local unsigned build still completes.
/* eslint-disable @typescript-eslint/no-require-imports -- electron-builder loads hooks with require() */
const path = require('node:path');

exports.default = async function notarizeApp(context) {
  if (context.electronPlatformName !== 'darwin') return;
  const { APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID } = process.env;
  if (!APPLE_ID || !APPLE_APP_SPECIFIC_PASSWORD || !APPLE_TEAM_ID) {
    console.log('notarize: skipped (APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD or APPLE_TEAM_ID unset)');
    return;
  }
  const { notarize } = require('@electron/notarize');
  const appName = context.packager.appInfo.productFilename;
  await notarize({
    appPath: path.join(context.appOutDir, `${appName}.app`),
    appleId: APPLE_ID,
    appleIdPassword: APPLE_APP_SPECIFIC_PASSWORD,
    teamId: APPLE_TEAM_ID,
  });
  console.log(`notarize: ${appName}.app notarized`);
};
