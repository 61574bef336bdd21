export * from './addScreenshots';
export * from './removeScreenshot';
export * from './queuedFiles';
export * from './stagedFolders';
export * from './linkDomains';
