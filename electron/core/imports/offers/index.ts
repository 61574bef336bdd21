export * from './offerColumns';
export * from './parseOfferSheet';
export * from './readOfferFile';
export * from './exportOffers';
