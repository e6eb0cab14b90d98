import type { AboutContent, CompanyFacts, ProductCategory } from './schema.ts';
import { countOf, listOf } from './words.ts';

/** What the supplier pays us; the buyer pays nothing. */
const COMMISSION = '0.05 to 2 percent';

/**
 * The service in one paragraph, for readers that want the gist (llms.txt):
 * the facts of the About page below, nothing more.
 */
export function serviceSummary(c: CompanyFacts): string {
  return `${c.brandName} is a procurement intermediary for business buyers. A buyer sends us a Letter of Intent (LOI); we issue a matching LOI under our own company name, so the buyer’s identity stays confidential, gather quotations from our supplier network and present the three offers that best fit the buyer’s needs. The service is free to the buyer: the supplier pays our commission of ${COMMISSION}.`;
}

/** Text of the About page: About Us, Values and What We Provide. The categories are those of the route table. */
export function aboutContent(c: CompanyFacts, categories: readonly Pick<ProductCategory, 'title'>[]): AboutContent {
  const categoryList = `${countOf(categories.length)} categories: ${listOf(categories.map((category) => category.title))}`;
  return {
    lead: `${c.brandName} sources and compares supplier quotations for business buyers. We present the three best offers. The service is free to the buyer.`,
    aboutUs: {
      heading: 'About Us',
      paragraphs: [
        `${c.brandName} is a procurement intermediary. We act for business buyers who purchase in volume.`,
        'A buyer’s request tells the market a great deal: what is needed, how much and by when. We keep that information out of circulation while still obtaining competitive prices from a wide network of suppliers.',
        'Every request follows the same process, from the buyer’s Letter of Intent to three offers.',
      ],
    },
    process: {
      heading: 'How a request runs',
      steps: [
        {
          title: 'You issue a Letter of Intent',
          text: 'You send us a Letter of Intent (LOI) that describes the product, specification, quantity and delivery terms you require.',
        },
        {
          title: 'We issue a matching LOI in our name',
          text: 'We issue a matching LOI under our own company name, so your identity stays confidential and your request does not circulate in the market.',
        },
        {
          title: 'We gather quotations',
          text: 'We collect quotations from our supplier network and, where it serves you, place bids on your behalf.',
        },
        {
          title: 'We compare and select',
          text: 'We compare the quotations on specification, price and terms, and select the three offers that best fit your needs.',
        },
        {
          title: 'You receive three offers',
          text: `We present the three offers to you, free of charge; the supplier pays our commission of ${COMMISSION}.`,
        },
      ],
    },
    values: {
      heading: 'Values',
      paragraphs: [
        'Buyers trust us with purchases that are commercially sensitive. Two values guide how we handle them.',
        'They apply to every request, whatever its size.',
      ],
      items: [
        {
          title: 'Confidentiality',
          text: 'Your request goes to the market under our name, not yours. Suppliers do not learn who the buyer is unless you agree.',
        },
        {
          title: 'Data protection',
          text: 'We collect only the data we need, limit access to the people working on your request, and handle it in line with UK data protection law.',
        },
      ],
    },
    whatWeProvide: {
      heading: 'What We Provide',
      paragraphs: [
        'We give buyers a clear view of the market for a specific requirement, without the work of finding and questioning suppliers themselves.',
        `Our service costs the buyer nothing. The supplier pays us a commission of ${COMMISSION}.`,
        `We source in ${categoryList}.`,
      ],
      list: [
        'Three comparable offers for each request',
        'Confidential sourcing under our company name',
        'Access to a broad network of suppliers',
        'Bids placed on your behalf where useful',
        'One point of contact from LOI to offer',
        'No fee to the buyer',
      ],
    },
  };
}
