// Screenshots: checking dropped files, staging them, links in batches, late-appearing images.
export * from './checkScreenshotFile';
export * from './planScreenshotAdd';
export * from './stageScreenshotFile';
export * from './prepareScreenshotAdd';
export * from './attachScreenshotLinks';
export * from './waitUntilVisible';
export {
  attachEditSendsBackToReview,
  batchUrls,
  explainFailedUrl,
  failedLinksMessage,
  normalizeScreenshotUrls,
  removingLastScreenshotSendsToDraft,
  screenshotWarnings,
  splitUrlText,
  visibilityRetryDelayMs,
  type ScreenshotRuleOffer,
  type UrlRefusal,
} from '../../contract/rules/screenshots';
