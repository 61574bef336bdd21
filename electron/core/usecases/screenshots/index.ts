export * from './addScreenshots';
export * from './removeScreenshot';
