export * from './hostBridge';
export * from './requestOrigin';
