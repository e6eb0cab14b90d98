import type { HomeContent } from './schema.ts';

/** Text of the home screen. */
export const homeContent: HomeContent = {
  tagline: 'Procurement Perfected',
  lead: 'We source and compare supplier quotations for business buyers and present the three best offers, free to the buyer.',
  cta: 'READ MORE',
  shareLine: 'Three offers. Free to the buyer.',
  heroAlt:
    'A letter of intent connected to a network of suppliers and three quotation cards, one highlighted',
};
